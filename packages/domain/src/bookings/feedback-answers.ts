// A feedback form as a passenger answers it (spec §9 feedback field types INPUT, TEXTAREA, SELECT,
// MULTI_SELECT shown as RADIO, CHECKBOX or DROPDOWN): its questions read from the feedback_form master,
// the built-in form used when an operator has none, and the check of a passenger's answers against the
// form, shared by the page that asks them and bookings that keeps them.
import { z } from 'zod';
import { plainText } from '../validation/text';
import {
  FEEDBACK_FIELD_DISPLAYS,
  FEEDBACK_FIELD_TYPES,
  type FeedbackFieldDisplay,
  type FeedbackFieldType,
} from '../vocabulary';
import { publicTokenSchema } from './public-pages';

export interface FeedbackQuestion {
  label: string;
  type: FeedbackFieldType;
  /** How a choice is shown; text answers have none. */
  display: FeedbackFieldDisplay | null;
  /** The choices of SELECT and MULTI_SELECT, in the form's order; empty for text. */
  options: string[];
  required: boolean;
}

export interface FeedbackForm {
  /** The feedback_form master record; empty for the built-in form. */
  id: string;
  name: string;
  description: string;
  questions: FeedbackQuestion[];
}

/** One answer per question, in the form's order: text, one choice, or several choices. */
export type FeedbackAnswer = string | string[];

export const FEEDBACK_TEXT_MAX: Record<'INPUT' | 'TEXTAREA', number> = { INPUT: 200, TEXTAREA: 2000 };
const MAX_QUESTIONS = 100;

/**
 * How a choice question is shown: one choice as radio buttons or a drop-down, several as checkboxes or
 * a drop-down; a display that does not suit the type falls back to the type's own.
 */
export function displayOf(
  type: FeedbackFieldType,
  display: string | null | undefined,
): FeedbackFieldDisplay | null {
  if (type === 'INPUT' || type === 'TEXTAREA') return null;
  const given = FEEDBACK_FIELD_DISPLAYS.find((d) => d === display);
  if (type === 'SELECT') return given === 'DROPDOWN' ? 'DROPDOWN' : 'RADIO';
  return given === 'DROPDOWN' ? 'DROPDOWN' : 'CHECKBOX';
}

/** The choices of a question as the master keeps them: one text, separated by commas. */
export const optionsOf = (text: string | null | undefined): string[] => [
  ...new Set(
    (text ?? '')
      .split(',')
      .map((option) => option.trim())
      .filter(Boolean),
  ),
];

/** A question row of the feedback_form master, as its values hold it. */
export interface FeedbackQuestionRow {
  label: string;
  type: string;
  display?: string | null;
  options?: string | null;
  is_required?: boolean | null;
}

/** The questions of a feedback form record; a row of an unknown type is left out. */
export function questionsOf(rows: readonly FeedbackQuestionRow[]): FeedbackQuestion[] {
  return rows.flatMap((row) => {
    const type = FEEDBACK_FIELD_TYPES.find((t) => t === row.type);
    if (!type) return [];
    const options = type === 'SELECT' || type === 'MULTI_SELECT' ? optionsOf(row.options) : [];
    // A choice question with nothing to choose cannot be answered; it is not asked.
    if ((type === 'SELECT' || type === 'MULTI_SELECT') && options.length === 0) return [];
    return [
      {
        label: row.label,
        type,
        display: displayOf(type, row.display),
        options,
        required: row.is_required === true,
      },
    ];
  });
}

/** What a passenger is asked when the operator has no active feedback form. */
export const BUILT_IN_FEEDBACK_FORM: FeedbackForm = {
  id: '',
  name: 'How was your trip?',
  description: '',
  questions: [
    {
      label: 'How was your trip?',
      type: 'SELECT',
      display: 'RADIO',
      options: ['Excellent', 'Good', 'Average', 'Poor'],
      required: true,
    },
    {
      label: 'Was the driver courteous and on time?',
      type: 'SELECT',
      display: 'RADIO',
      options: ['Yes', 'No'],
      required: false,
    },
    {
      label: 'Anything else you would like to tell us?',
      type: 'TEXTAREA',
      display: null,
      options: [],
      required: false,
    },
  ],
};

export const feedbackAnswerSchema = z.union([
  plainText().max(
    FEEDBACK_TEXT_MAX.TEXTAREA,
    `Keep this to ${FEEDBACK_TEXT_MAX.TEXTAREA} characters or fewer.`,
  ),
  z.array(plainText().max(200)).max(50),
]);

export const publicFeedbackAnswerSchema = z.object({
  token: publicTokenSchema,
  answers: z.array(feedbackAnswerSchema).max(MAX_QUESTIONS),
});
export type PublicFeedbackAnswerInput = z.input<typeof publicFeedbackAnswerSchema>;

export interface FeedbackProblem {
  /** `answers.<n>`, the question's position. */
  field: string;
  message: string;
}

/**
 * The answers checked against the form: one per question, required ones given, a text within its
 * length, a choice among the question's options (several only for MULTI_SELECT). Answers the passengers
 * gave, trimmed and with repeated choices once, or what is wrong, by question.
 */
export function checkFeedbackAnswers(
  questions: readonly FeedbackQuestion[],
  answers: readonly FeedbackAnswer[],
): { ok: true; answers: FeedbackAnswer[] } | { ok: false; problems: FeedbackProblem[] } {
  const problems: FeedbackProblem[] = [];
  if (answers.length > questions.length) {
    return { ok: false, problems: [{ field: 'answers', message: 'The form has changed; reload the page.' }] };
  }
  const checked = questions.map((question, i): FeedbackAnswer => {
    const field = `answers.${i}`;
    const given = answers[i] ?? (question.type === 'MULTI_SELECT' ? [] : '');
    const fail = (message: string) => {
      problems.push({ field, message });
      return given;
    };
    if (question.type === 'INPUT' || question.type === 'TEXTAREA') {
      if (typeof given !== 'string') return fail('Write your answer.');
      const text = given.trim();
      if (question.required && text === '') return fail('Please answer this question.');
      const max = FEEDBACK_TEXT_MAX[question.type];
      if ([...text].length > max) return fail(`Keep this to ${max} characters or fewer.`);
      return text;
    }
    const chosen = (typeof given === 'string' ? (given.trim() === '' ? [] : [given]) : given).map((c) =>
      c.trim(),
    );
    const unique = [...new Set(chosen)];
    if (question.required && unique.length === 0) return fail('Please choose an answer.');
    if (unique.some((choice) => !question.options.includes(choice)))
      return fail('Choose one of the answers shown.');
    if (question.type === 'SELECT') {
      if (unique.length > 1) return fail('Choose one answer.');
      return unique[0] ?? '';
    }
    return question.options.filter((option) => unique.includes(option));
  });
  return problems.length > 0 ? { ok: false, problems } : { ok: true, answers: checked };
}
