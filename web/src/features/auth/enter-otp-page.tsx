import { Alert, Anchor, Button, Collapse, Group, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { Link, Navigate, useNavigate, useSearch } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { showToast } from '../../app/toast/toast-store';
import { errorMessage, queryClient, reasonOf, retryAfterOf, trpc } from '../../lib/trpc';
import { formatWait, useCountdown } from '../../lib/use-countdown';
import { SixDigitCodeInput } from '../common/form/phone-and-code';
import { AuthFrame } from './auth-frame';

const safeRedirect = (target: string | undefined) =>
  target?.startsWith('/') && !target.startsWith('//') && !target.startsWith('/auth') ? target : '/';

export default function EnterOtpPage() {
  const search = useSearch({ strict: false }) as { phone?: string; resend?: number; redirect?: string };
  const navigate = useNavigate();
  const phone = search.phone ?? '';
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const [newHere, setNewHere] = useState(false);
  const [operatorName, setOperatorName] = useState('');
  const [userName, setUserName] = useState('');
  const resend = useCountdown(Number(search.resend ?? 30));
  const lock = useCountdown(0);

  const verify = useMutation(
    trpc.auth.verifyOtp.mutationOptions({
      onSuccess: (result) => {
        queryClient.clear();
        if (result.signedUp) showToast(`Welcome! ${operatorName.trim() || 'Your company'} is ready.`);
        navigate({ to: safeRedirect(search.redirect), replace: true });
      },
      onError: (error) => {
        const reason = reasonOf(error);
        setCode('');
        if (reason === 'OTP_INVALID') {
          setCodeError(errorMessage(error));
          return;
        }
        if (reason === 'OTP_LOCKED') lock.restart(retryAfterOf(error));
        setProblem(errorMessage(error));
      },
    }),
  );
  const resendCode = useMutation(
    trpc.auth.requestOtp.mutationOptions({
      onSuccess: (sent) => {
        resend.restart(sent.resendAfterSeconds);
        setProblem(undefined);
        setCodeError(undefined);
        showToast('A new code is on its way.');
      },
      onError: (error) => {
        if (reasonOf(error) === 'OTP_RESEND_TOO_SOON') resend.restart(retryAfterOf(error));
        if (reasonOf(error) === 'OTP_LOCKED') lock.restart(retryAfterOf(error));
        setProblem(errorMessage(error));
      },
    }),
  );

  if (!phone) return <Navigate to="/auth/enter-phone-number" replace />;
  const locked = lock.secondsLeft > 0;

  function submit(value: string, event?: FormEvent) {
    event?.preventDefault();
    if (!/^\d{6}$/.test(value)) {
      setCodeError('Enter the 6-digit code from the SMS');
      return;
    }
    setCodeError(undefined);
    setProblem(undefined);
    verify.mutate({
      phone,
      code: value,
      ...(operatorName.trim() ? { operatorName: operatorName.trim() } : {}),
      ...(userName.trim() ? { userName: userName.trim() } : {}),
    });
  }

  return (
    <AuthFrame
      title="Enter the code"
      subtitle={
        <>
          We sent a 6-digit code to <b>{phone}</b>.{' '}
          <Anchor
            component={Link}
            to="/auth/enter-phone-number"
            search={{ phone, redirect: search.redirect } as never}
            size="sm"
          >
            Change number
          </Anchor>
        </>
      }
    >
      <form onSubmit={(e) => submit(code, e)} noValidate>
        <Stack gap="sm">
          <SixDigitCodeInput
            value={code}
            onChange={(value) => {
              setCode(value);
              setCodeError(undefined);
            }}
            onComplete={(value) => {
              if (!newHere) submit(value);
            }}
            error={codeError}
            disabled={locked || verify.isPending}
            label="Sign-in code"
            testId="otp-input"
            errorTestId="code-error"
          />
          {problem ? (
            <Alert color="red" data-testid="sign-in-problem">
              {problem}
              {locked ? ` Try again in ${formatWait(lock.secondsLeft)}.` : ''}
            </Alert>
          ) : null}
          <Anchor component="button" type="button" size="sm" onClick={() => setNewHere((v) => !v)} ta="left">
            New here? Name your company
          </Anchor>
          <Collapse expanded={newHere}>
            <Stack gap="xs">
              <Text size="xs" c="dimmed">
                If this number is new, we set up a company for you and make you its owner.
              </Text>
              <TextInput
                label="Company name"
                value={operatorName}
                onChange={(e) => setOperatorName(e.currentTarget.value)}
                maxLength={100}
              />
              <TextInput
                label="Your name"
                value={userName}
                onChange={(e) => setUserName(e.currentTarget.value)}
                maxLength={100}
              />
            </Stack>
          </Collapse>
          <Button type="submit" fullWidth loading={verify.isPending} disabled={locked}>
            Sign in
          </Button>
          <Group justify="center">
            {resend.secondsLeft > 0 ? (
              <Text size="sm" c="dimmed" data-testid="resend-countdown">
                Resend the code in {resend.secondsLeft} s
              </Text>
            ) : (
              <Anchor
                component="button"
                type="button"
                size="sm"
                disabled={locked}
                onClick={() => resendCode.mutate({ phone })}
              >
                Resend the code
              </Anchor>
            )}
          </Group>
        </Stack>
      </form>
    </AuthFrame>
  );
}
