import {
  BUILT_IN_FEEDBACK_FORM,
  checkFeedbackAnswers,
  displayOf,
  type FeedbackQuestion,
  questionsOf,
} from './feedback-answers';
import { publicSlipAnswerSchema } from './public-pages';

const questions: FeedbackQuestion[] = questionsOf([
  {
    label: 'How was it?',
    type: 'SELECT',
    display: 'DROPDOWN',
    options: 'Good, Bad, Good',
    is_required: true,
  },
  { label: 'Liked', type: 'MULTI_SELECT', display: 'RADIO', options: 'Car,Driver' },
  { label: 'Name', type: 'INPUT', is_required: true },
  { label: 'No choices', type: 'SELECT', options: ' , ' },
  { label: 'Unknown', type: 'RATING' },
]);

describe('a feedback form’s questions', () => {
  it('reads choices once each, suits the display to the type, and leaves out what cannot be answered', () => {
    expect(questions.map((q) => [q.label, q.display, q.options, q.required])).toEqual([
      ['How was it?', 'DROPDOWN', ['Good', 'Bad'], true],
      ['Liked', 'CHECKBOX', ['Car', 'Driver'], false],
      ['Name', null, [], true],
    ]);
    expect(displayOf('SELECT', 'CHECKBOX')).toBe('RADIO');
    expect(displayOf('TEXTAREA', 'DROPDOWN')).toBeNull();
  });
});

describe('a passenger’s answers', () => {
  it('are taken when each question is answered as it asks', () => {
    expect(checkFeedbackAnswers(questions, ['Bad', ['Driver', 'Car', 'Car'], '  Asha  '])).toEqual({
      ok: true,
      answers: ['Bad', ['Car', 'Driver'], 'Asha'],
    });
    expect(checkFeedbackAnswers(questions, [['Good'], [], 'A'])).toEqual({
      ok: true,
      answers: ['Good', [], 'A'],
    });
  });

  it('name each question left unanswered, answered off its choices, or answered too long', () => {
    const result = checkFeedbackAnswers(questions, ['', ['Music'], 'x'.repeat(201)]);
    expect(result).toEqual({
      ok: false,
      problems: [
        { field: 'answers.0', message: 'Please choose an answer.' },
        { field: 'answers.1', message: 'Choose one of the answers shown.' },
        { field: 'answers.2', message: 'Keep this to 200 characters or fewer.' },
      ],
    });
    const two = checkFeedbackAnswers(questions, [['Good', 'Bad'], [], 'A']);
    expect(two.ok ? [] : two.problems.map((p) => p.message)).toEqual(['Choose one answer.']);
    const more = checkFeedbackAnswers(questions, ['Good', [], 'A', 'extra']);
    expect(more.ok).toBe(false);
  });

  it('always find the built-in form answerable', () => {
    expect(checkFeedbackAnswers(BUILT_IN_FEEDBACK_FORM.questions, ['Excellent']).ok).toBe(true);
  });
});

describe('a passenger’s answer to a digital slip', () => {
  const token = 'A'.repeat(22);
  const signature = 'data:image/png;base64,iVBORw0KGgo=';

  it('needs a reason to reject, and leaves whether accepting needs a signature to the slip', () => {
    expect(publicSlipAnswerSchema.safeParse({ token, decision: 'ACCEPT', signature }).success).toBe(true);
    // Signed on the driver's phone, the slip is accepted without one; bookings knows which it is.
    expect(publicSlipAnswerSchema.safeParse({ token, decision: 'ACCEPT' }).success).toBe(true);
    const silent = publicSlipAnswerSchema.safeParse({ token, decision: 'REJECT', reason: '   ' });
    expect(silent.error?.issues.map((i) => i.path.join('.'))).toEqual(['reason']);
  });

  it('takes only a PNG data URL of at most 300 kB as the signature', () => {
    const jpeg = publicSlipAnswerSchema.safeParse({
      token,
      decision: 'ACCEPT',
      signature: 'data:image/jpeg;base64,AAAA',
    });
    expect(jpeg.success).toBe(false);
    const huge = `data:image/png;base64,${'A'.repeat(300 * 1024)}`;
    expect(publicSlipAnswerSchema.safeParse({ token, decision: 'ACCEPT', signature: huge }).success).toBe(
      false,
    );
  });
});
