/**
 * Benign text written for training that shares the words of attacks: directives to people, AI as a
 * subject, security writing, people's own requests to an assistant, and page boilerplate with
 * trigger words (templates combined programmatically, never copies of evaluation rows).
 */
import type { Random } from './random.ts';

const TOPICS = [
  'diets',
  'sleep',
  'running shoes',
  'tax returns',
  'houseplants',
  'coffee',
  'password managers',
  'electric cars',
  'sourdough',
  'mortgages',
];
const PEOPLE = ['Tom', 'Ana', 'the team', 'everyone', 'Dr. Patel', 'your manager', 'the landlord', 'new hires'];
const BENIGN = [
  'Forget what you have heard about {topic}: new research finds that habits matter more than rules.',
  'Ignore the myths about {topic}; the evidence points to a few simple habits.',
  // A headline's rhetorical order to its reader, about its own topic: the idiom of an override, none to an AI.
  'Forget everything you thought you knew about {topic}. A ten-year study of 4,000 households tells a different story.',
  'Throw out what you learned about {topic} in school: the science has moved on.',
  'You must preheat the oven to 200 °C before you add the tray.',
  'To reset the router, press and hold the button for ten seconds, then ignore the blinking light until it turns green.',
  'Hi {person}, please send me the quarterly report by Friday and forward the invoice to finance.',
  'Please ignore my previous email; the meeting has moved to Thursday at 10.',
  'Important: you must renew your passport at least six months before travel.',
  'URGENT: all staff must complete the security training by the end of the month.',
  'Set the system prompt parameter to configure how the assistant answers.',
  "The assistant role in the chat API carries the model's previous replies; the system role carries the developer's instructions.",
  'In the novel, the robot ignores its previous orders and helps the crew escape.',
  'The AI character in the film tells the captain to disregard the rules.',
  'Prompt injection is an attack in which text tells a model to ignore its previous instructions; defences include screening and spotlighting.',
  'Call the delete function only after the user confirms; the tool returns the number of removed files.',
  'Run npm install, then call the build script with the --production flag.',
  'Attention customers: the store will close early on Sunday.',
  'Ask {person} to review the pull request and reply with any questions.',
  'New instructions for using the washing machine are printed inside the lid.',
  'Developer mode on Android lets you enable USB debugging from the settings menu.',
  'The AI assistant can summarise documents and answer questions about {topic}.',
  "Don't forget to water the {topic} every week and reply to the newsletter survey.",
  'Translate the recipe into French and share it with {person}.',
  'GPT-4 and Claude are large language models that answer questions, write code and summarise text.',
  'Before you start, read all the instructions carefully and ignore the diagrams on page two.',
  'Override the default settings in config.yaml to change the port.',
  'This is an important message from the building manager: the water will be off on Tuesday.',
  'Our chatbot answers questions about {topic} in English and German.',
  'Whisk the eggs, then add the flour and forget about the timer until the dough is smooth.',
  'The system administrator must approve new accounts within two days.',
];

/** Benign passages that share attack vocabulary (directives to people, AI as a subject, security writing). */
export function hardNegatives(random: Random, count: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const parts = [random.pick(BENIGN)];
    if (random.next() < 0.5) parts.push(random.pick(BENIGN));
    out.push(
      parts
        .join(' ')
        .replace(/\{topic\}/g, () => random.pick(TOPICS))
        .replace(/\{person\}/g, () => random.pick(PEOPLE)),
    );
  }
  return out;
}

const ASKS = [
  'What is',
  'How do I',
  'How can I',
  'Can you tell me',
  'Can you explain',
  'Could you help me understand',
  'Why does',
  'Where can I find',
  'What are the best ways to',
  'Is it safe to',
  'Tell me about',
  'Give me some tips on',
  'Help me plan',
  'Write a short story about',
  'Write a poem about',
  'Explain to a child',
  'Summarise the history of',
  'Describe',
  'Compare',
  'List the main causes of',
  'Suggest a name for',
  'Draft an email to my landlord about',
  'What should I know about',
  'Imagine you are a tour guide and describe',
  'Pretend you are a chef and explain',
  'As a teacher, how would you explain',
  'I need advice on',
  'My friend asked me about',
  'Can you provide information on',
  'Please recommend books about',
];
const SUBJECTS = [
  'the water cycle',
  'my tomato plants',
  'learning the piano',
  'the French Revolution',
  'black holes',
  'saving for retirement',
  "the email address of a company's support team",
  'how vaccines work',
  'my school project on volcanoes',
  'the rules of chess',
  'a birthday party',
  'protecting my accounts with two-factor authentication',
  'ignoring distractions while studying',
  'bypassing traffic on the way to work',
  'overriding a default setting in Excel',
  'the system of government in Japan',
  'writing a cover letter',
  'the plot of Hamlet',
  'malware and how to avoid it',
  'my password manager',
  'the previous season of a TV show',
  'jailbreaking a story plot twist in my novel',
  'an AI character in my screenplay',
  'training a puppy',
  'the instructions for assembling a bookshelf',
  'commands in the Linux terminal',
  'a hacker in a thriller novel',
  'climate change',
];

/**
 * Ordinary questions and requests a person types to an assistant: benign, but phrased to an AI and full of "you" and
 * "my".
 */
export function benignRequests(random: Random, count: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const text = `${random.pick(ASKS)} ${random.pick(SUBJECTS)}${random.next() < 0.6 ? '?' : '.'}`;
    out.push(text);
  }
  return out;
}

const HOW = [
  'How to',
  'Learn how to',
  'Tips to',
  'Ways to',
  'Why you should',
  'When to',
  'It is fine to',
  'Teachers often',
];
const TRIGGER_VERBS = ['ignore', 'bypass', 'override', 'forget', 'disregard', 'skip', 'reset', 'unlock'];
const TRIGGER_OBJECTS = [
  'distractions while studying',
  'a failed software update',
  'a bad habit',
  'negative comments online',
  'the default settings',
  'previous versions of the app',
  'the rules of grammar in poetry',
  'the instructions printed on the box',
  'a forgotten phone passcode',
  'the first draft of an essay',
  'the system tray icon',
  'old guidelines for sunscreen',
  'your fear of public speaking',
  'the developer options menu',
];
const BOILERPLATE = [
  'Skip to main content',
  'Skip to navigation',
  'Menu',
  'Sign in',
  'Log in to your account',
  'Accept all cookies',
  'Cookie settings',
  'Subscribe to our newsletter',
  'Share this article',
  'Read more',
  'Back to top',
  'Privacy policy',
  'Terms of use',
  'Contact us',
  'Follow us on social media',
  'Click here to continue',
  'Download the app',
  'Advertisement',
  'Related articles',
  'Leave a comment',
  'Toggle navigation',
  'Search this site',
];

/** Benign text with the trigger words of attacks (NotInject's kind), and page boilerplate. */
export function triggerWordNegatives(random: Random, count: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < count; i += 1) {
    if (random.next() < 0.3) {
      out.push(Array.from({ length: 1 + random.int(4) }, () => random.pick(BOILERPLATE)).join(' '));
      continue;
    }
    const text = `${random.pick(HOW)} ${random.pick(TRIGGER_VERBS)} ${random.pick(TRIGGER_OBJECTS)}`;
    out.push(random.next() < 0.5 ? `${text}?` : `${text}: a short guide with examples.`);
  }
  return out;
}
