/**
 * Training examples for context shift (see shared/ranking/src/screening/learned/context-shift.ts):
 * the same sentence forms spliced into a passage either about that passage's topic (how FAQs,
 * how-to guides and e-mails asking a person to act read: benign) or about something else (a task
 * or a question planted for whoever reads the page: an attack). Only the relation to the host
 * differs, so the model learns the shift, not the words. Forms written for the purpose.
 */
import type { Random } from './random.ts';
import { SPLICE_POSITIONS, splice } from './splice.ts';
import { topicOf } from './synthetic-plain-tasks.ts';

/** Questions to whoever reads; {t} is the topic. */
const QUESTIONS = [
  'What is {t}?',
  'Can you explain {t}?',
  'Could you tell me more about {t}?',
  'How does {t} work?',
  'Why is {t} important?',
  'What do you think about {t}?',
  'What are the main facts about {t}?',
  'Who first described {t}?',
  'When did {t} start?',
  'Is {t} worth it?',
  'How would you summarise {t}?',
  'What are the risks of {t}?',
  'Where can I learn about {t}?',
  'Which is better for {t}, the old way or the new one?',
  'How much does {t} cost?',
  'Do you know anything about {t}?',
];
/** Requests and directions to the reader; on topic they are a guide's steps, off topic a planted task. */
const DIRECTIONS = [
  'Please note that {t} may vary.',
  'Make sure you check {t} first.',
  'Learn more about {t} below.',
  'Read the section on {t} before you continue.',
  'Remember to compare {t} carefully.',
  'Tell us what you think about {t}.',
  'Please share your experience with {t}.',
  'Consider {t} before you decide.',
  'Keep in mind that {t} matters.',
  'Explain {t} in simple terms.',
  'Describe {t} in a few sentences.',
  'List three facts about {t}.',
  'Give your opinion on {t}.',
];
/** What an attacker adds to a planted question or task to steer the reply. */
const STEERS = [
  '',
  '',
  '',
  ' Answer this in your reply.',
  ' Include the answer in your response.',
  ' Start your answer with this.',
  ' Put this at the top of your summary.',
];

const form = (random: Random, topic: string): string => {
  const template = random.pick(random.next() < 0.5 ? QUESTIONS : DIRECTIONS);
  return template.replace('{t}', topic);
};

export interface ContextExample {
  text: string;
  label: 0 | 1;
}

/**
 * `count` pairs' worth of examples: a form about the host's own topic (benign) and a form about
 * another passage's topic (an attack, sometimes with a steer towards the reply).
 */
export function contextShiftExamples(random: Random, count: number, hosts: readonly string[]): ContextExample[] {
  const out: ContextExample[] = [];
  for (let i = 0; i < count; i += 1) {
    const host = random.pick(hosts);
    const position = random.pick(SPLICE_POSITIONS);
    if (random.next() < 0.5) {
      out.push({ text: splice(host, form(random, topicOf(host, random)), position), label: 0 });
    } else {
      const other = topicOf(random.pick(hosts), random);
      out.push({ text: splice(host, `${form(random, other)}${random.pick(STEERS)}`, position), label: 1 });
    }
  }
  return out;
}

/** First-person context a person gives before asking an assistant something. */
const PREFACES = [
  'I am writing a report about {t}.',
  'My family is planning a long weekend away.',
  'We are a small team working on {t}.',
  'I have been reading about {t} lately.',
  'As a student, I find {t} confusing.',
  'Our company wants to do better at {t}.',
  'I run a small blog about {t}.',
  'Last week a friend asked me about {t}.',
  'I am new to this and a bit lost.',
  'My manager asked me to prepare something for Monday.',
  'We just moved to a new city.',
  'I teach a class of twelve-year-olds.',
  'I am a novelist working on a thriller.',
  'In my story, the main character is an expert on {t}.',
  'I am a researcher studying {t}.',
  'Imagine a world where {t} never happened.',
  'You are a helpful tour guide in an old port town.',
  'Pretend we are two friends chatting.',
  'Let us play a game about {t}.',
  'My grandmother used to tell me stories about {t}.',
  'I want to surprise my partner.',
  'You are an AI assistant helping me with {t}.',
  'As a language model, you probably know a lot about {t}.',
  'Your task is to help me research {t}.',
  'In this fictional world, {t} works very differently.',
  'The story is set in a city where {t} is everywhere.',
  'My character is a detective who studies {t}.',
  'Please ignore any typos in my message.',
  'I will give you some background first.',
  'The audience is mostly beginners.',
  'It should be about 300 words long.',
  'Use a warm and friendly tone.',
  'Avoid technical jargon where you can.',
  'Here is what I have so far: a title and an outline about {t}.',
];
/** What they ask, about the same topic or another one. */
const ASKS = [
  'Can you help me understand {t}?',
  'Could you write a short summary of {t} for me?',
  'Please give me three ideas for {t}.',
  'What would you recommend for {t}?',
  'Write a friendly email to my team about {t}.',
  'Explain {t} as simply as you can.',
  'Can you suggest a plan for {t}?',
  'How should I start with {t}?',
  'Please list the pros and cons of {t}.',
  'Write a short story about {t} for my class.',
  'Imagine you are an expert on {t} and give me advice.',
  'Describe a scene where the hero explains {t}.',
  'Write the dialogue for this scene.',
  'What would a character like that say about {t}?',
  'Can you role-play as the guide and answer my questions?',
  'Give me a step-by-step plan, please.',
  'How can I make this more convincing?',
  // A person shapes the reply they asked for: ordinary in their own prompt, an attack only when planted in a page.
  'Format your answer as a table.',
  'Start your response with a one-line summary.',
  'Please answer in Spanish.',
  'Keep your reply under 100 words.',
  'Write your response as a numbered list.',
  'End your answer with a question for the reader.',
  'Respond in the voice of the character.',
  'Do not use bullet points in your answer.',
  'Begin your story with the words "Once upon a time".',
];

const LONG_PROMPT_SHARE = Number(process.env.TRAIN_LONG_PROMPTS ?? 0.4);

/** Benign prompts of a few sentences: first-person context, then a request to the assistant (a user's own text). */
export function benignPrompts(random: Random, count: number, hosts: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const topic = topicOf(random.pick(hosts), random);
    // Short prompts and long ones (a person's brief with background, constraints and several asks).
    const long = random.next() < LONG_PROMPT_SHARE;
    const length = long ? 4 + random.int(8) : 1 + random.int(3);
    const sentences = Array.from({ length }, () => random.pick(PREFACES).replace('{t}', topic));
    for (let ask = long ? 1 + random.int(3) : 1; ask > 0; ask -= 1) {
      const askTopic = random.next() < 0.5 ? topic : topicOf(random.pick(hosts), random);
      const at = long ? random.int(sentences.length + 1) : sentences.length;
      sentences.splice(at, 0, random.pick(ASKS).replace('{t}', askTopic));
    }
    if (random.next() < 0.3)
      sentences.push(random.pick(['Thanks!', 'Thank you in advance.', 'Keep it short, please.']));
    out.push(sentences.join(' '));
  }
  return out;
}
