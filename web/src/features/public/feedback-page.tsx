// /feedback/$token: the passenger's feedback form, opened from the texted link with no sign-in and no
// app shell: each question as its type says (spec §9: short or long text, one choice as radio buttons or
// a drop-down, several as checkboxes or a drop-down), checked as bookings checks it, sent once.
import { checkFeedbackAnswers, type FeedbackAnswer, type FeedbackQuestion } from '@fleet/domain';
import {
  Alert,
  Button,
  Center,
  Checkbox,
  MultiSelect,
  Paper,
  Radio,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { errorMessage, fieldErrorsOf, trpc } from '../../lib/trpc';
import { dutyNumber } from '../duties/duty-format';
import { LinkProblem, PublicFrame } from './digital-slip-page';

function Question({
  index,
  question,
  value,
  error,
  onChange,
}: {
  index: number;
  question: FeedbackQuestion;
  value: FeedbackAnswer;
  error?: string;
  onChange: (value: FeedbackAnswer) => void;
}) {
  const common = { label: question.label, required: question.required, error };
  const text = typeof value === 'string' ? value : '';
  const chosen = typeof value === 'string' ? (value ? [value] : []) : value;
  switch (question.type) {
    case 'INPUT':
      return (
        <TextInput
          {...common}
          maxLength={200}
          value={text}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'TEXTAREA':
      return (
        <Textarea
          {...common}
          autosize
          minRows={3}
          maxLength={2000}
          value={text}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'SELECT':
      return question.display === 'DROPDOWN' ? (
        <Select
          {...common}
          data={question.options}
          value={text || null}
          onChange={(v) => onChange(v ?? '')}
        />
      ) : (
        <Radio.Group {...common} name={`question-${index}`} value={text} onChange={onChange}>
          <Stack gap={6} mt={4}>
            {question.options.map((option) => (
              <Radio key={option} value={option} label={option} />
            ))}
          </Stack>
        </Radio.Group>
      );
    case 'MULTI_SELECT':
      return question.display === 'DROPDOWN' ? (
        <MultiSelect {...common} data={question.options} value={chosen} onChange={onChange} />
      ) : (
        <Checkbox.Group {...common} value={chosen} onChange={onChange}>
          <Stack gap={6} mt={4}>
            {question.options.map((option) => (
              <Checkbox key={option} value={option} label={option} />
            ))}
          </Stack>
        </Checkbox.Group>
      );
  }
}

export default function FeedbackPage() {
  const { token } = useParams({ strict: false });
  const queryClient = useQueryClient();
  const form = useQuery(
    trpc.publicFeedback.get.queryOptions({ token: token ?? '' }, { enabled: Boolean(token) }),
  );
  const [answers, setAnswers] = useState<FeedbackAnswer[]>([]);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const send = useMutation(
    trpc.publicFeedback.answer.mutationOptions({
      onSuccess: (sent) =>
        queryClient.setQueryData(trpc.publicFeedback.get.queryKey({ token: token ?? '' }), sent),
    }),
  );

  if (form.error) return <LinkProblem error={form.error} />;
  if (!form.data) {
    return (
      <Center mih="50vh">
        <Text c="dimmed">Opening the form…</Text>
      </Center>
    );
  }
  const data = form.data;
  const title = data.operatorName ? `${data.operatorName} — your feedback` : 'Your feedback';
  if (data.answered) {
    return (
      <PublicFrame title={title}>
        <Alert color="green" title="Thank you!" role="status">
          Your feedback on booking #{dutyNumber(BigInt(data.bookingNo))} has been sent.
        </Alert>
      </PublicFrame>
    );
  }
  const questions: FeedbackQuestion[] = data.questions;
  const answerAt = (i: number, q: FeedbackQuestion): FeedbackAnswer =>
    answers[i] ?? (q.type === 'MULTI_SELECT' ? [] : '');
  const errors = { ...problems, ...fieldErrorsOf(send.error) };

  return (
    <PublicFrame title={title}>
      <Text size="sm">
        Booking <b>#{dutyNumber(BigInt(data.bookingNo))}</b>
      </Text>
      {data.description ? <Text size="sm">{data.description}</Text> : null}
      <Paper
        withBorder
        p="sm"
        component="form"
        aria-label={data.formName}
        onSubmit={(event) => {
          event.preventDefault();
          const given = questions.map((q, i) => answerAt(i, q));
          const checked = checkFeedbackAnswers(questions, given);
          if (!checked.ok) {
            setProblems(Object.fromEntries(checked.problems.map((p) => [p.field, p.message])));
            return;
          }
          setProblems({});
          send.mutate({ token: token ?? '', answers: checked.answers });
        }}
      >
        <Stack gap="md">
          {questions.map((question, i) => (
            <Question
              // biome-ignore lint/suspicious/noArrayIndexKey: the form's questions, in a fixed order
              key={`${question.label}-${i}`}
              index={i}
              question={question}
              value={answerAt(i, question)}
              error={errors[`answers.${i}`]}
              onChange={(value) =>
                setAnswers((before) => {
                  const next = questions.map((q, j) => before[j] ?? (q.type === 'MULTI_SELECT' ? [] : ''));
                  next[i] = value;
                  return next;
                })
              }
            />
          ))}
          {send.error && !Object.keys(fieldErrorsOf(send.error)).length ? (
            <Alert color="red" role="alert">
              {errorMessage(send.error)}
            </Alert>
          ) : null}
          <Button type="submit" size="md" loading={send.isPending}>
            Send feedback
          </Button>
        </Stack>
      </Paper>
    </PublicFrame>
  );
}
