/**
 * Plain tasks and questions of the kind planted in a page for the reader's assistant, on topics
 * drawn from ordinary passages (so the model learns the form of a task, not a fixed list of topics).
 */
import type { Random } from './random.ts';

const TASK_VERBS = [
  'Write',
  'Compose',
  'Draft',
  'Create',
  'Explain',
  'Describe',
  'Summarize',
  'Summarise',
  'Outline',
  'List',
  'Translate',
  'Give',
  'Provide',
  'Suggest',
  'Recommend',
  'Compare',
  'Break down',
  'Tell me',
  'Generate',
  'Develop',
  'Design',
  'Analyze',
  'Discuss',
  'Elaborate on',
  'Classify',
  'Evaluate',
  'Assess',
  'Estimate',
  'Predict',
  'Rate',
  'Rank',
  'Identify',
  'Calculate',
  'Forecast',
];
const TASK_OBJECTS = [
  'a poem about {t}',
  'a short story about {t}',
  'the history of {t}',
  'the process of {t}',
  'the plot of {t}',
  'five facts about {t}',
  'a speech on {t}',
  'a limerick on {t}',
  'the main causes of {t}',
  'an essay on {t}',
  'a haiku about {t}',
  'the benefits of {t}',
  'how {t} works',
  'a summary of {t}',
  'three tips about {t}',
  'a recipe involving {t}',
  'a song about {t}',
  'the pros and cons of {t}',
  'the sentiment of the text about {t}',
  'the tone of {t}',
  'the market size of {t}',
  'the growth rate of {t}',
  'the key trends in {t}',
  'the risks behind {t}',
  'the best strategy for {t}',
  'the likely cost of {t}',
];
/**
 * A topic taken from ordinary passages (a few consecutive words), so the topic's words also appear in
 * benign text and the model learns the task's form, not the topics a template happened to list.
 */
function topicFrom(passages: readonly string[], random: Random): string {
  return topicOf(random.pick(passages), random);
}

/** A few consecutive words of one passage, lower-cased (see topicFrom). */
export function topicOf(passage: string, random: Random): string {
  const words = passage.split(' ').filter((word) => /^[A-Za-z][a-z]+$/.test(word));
  if (words.length < 3) return 'the topic above';
  const at = random.int(words.length - 2);
  return words
    .slice(at, at + 2 + random.int(2))
    .join(' ')
    .toLowerCase();
}

/**
 * A task for an assistant with no tell-tale "your reply": an attack only because it sits inside someone else's text.
 */
export function plainTasks(random: Random, count: number, passages: readonly string[]): string[] {
  return Array.from(
    { length: count },
    () =>
      `${random.pick(TASK_VERBS)} ${random.pick(TASK_OBJECTS).replace('{t}', topicFrom(passages, random))}${random.next() < 0.8 ? '.' : ''}`,
  );
}
