// Signing in to the driver app: the phone number of the driver's record, then the 6-digit code texted
// to it (app DRIVER: a staff phone is refused here, a driver's phone at the back-office). What the
// server says — a number that is no driver's, a wrong code, a wait — is shown in its words.
import { isPhoneNumber, PHONE_MESSAGE } from '@fleet/domain';
import { Alert, Anchor, Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { MobileNumberInput, SixDigitCodeInput } from '../../features/common/form/phone-and-code';
import { formatWait, useCountdown } from '../../lib/use-countdown';
import { alone, driverClient } from '../api/client';
import { failureOf } from '../api/failure';
import { useRuntime } from '../runtime-context';

export function SignInPage() {
  const { session, queryClient } = useRuntime();
  const [step, setStep] = useState<'phone' | 'code'>('phone');
  const [phone, setPhone] = useState('+91');
  const [phoneError, setPhoneError] = useState<string>();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const wait = useCountdown(0);
  const resend = useCountdown(0);

  const request = useMutation({
    mutationFn: (value: string) =>
      driverClient.auth.requestOtp.mutate({ phone: value, app: 'DRIVER' }, alone),
    onSuccess: (sent) => {
      resend.restart(sent.resendAfterSeconds);
      setProblem(undefined);
      setStep('code');
    },
    onError: (error) => {
      const failure = failureOf(error);
      // A code sent moments ago is still good: go and type it.
      if (failure.reason === 'OTP_RESEND_TOO_SOON') {
        resend.restart(failure.retryAfterSeconds ?? 30);
        setStep('code');
        return;
      }
      wait.restart(failure.retryAfterSeconds ?? 0);
      setProblem(failure.httpStatus ? failure.message : 'No network. Connect to sign in.');
    },
  });

  const verify = useMutation({
    mutationFn: (value: string) =>
      driverClient.auth.verifyOtp.mutate({ phone: phone.trim(), code: value, app: 'DRIVER' }, alone),
    onSuccess: (signedIn) => {
      queryClient.clear();
      session.signedIn({ phone: phone.trim(), name: signedIn.user.name });
    },
    onError: (error) => {
      const failure = failureOf(error);
      setCode('');
      if (failure.reason === 'OTP_INVALID') {
        setCodeError(failure.message);
        return;
      }
      if (failure.reason === 'OTP_LOCKED') wait.restart(failure.retryAfterSeconds ?? 0);
      setProblem(failure.httpStatus ? failure.message : 'No network. Connect to sign in.');
    },
  });

  function sendCode(event: FormEvent) {
    event.preventDefault();
    const value = phone.trim();
    if (!isPhoneNumber(value)) {
      setPhoneError(PHONE_MESSAGE);
      return;
    }
    setPhoneError(undefined);
    setProblem(undefined);
    request.mutate(value);
  }

  function signIn(value: string, event?: FormEvent) {
    event?.preventDefault();
    if (!/^\d{6}$/.test(value)) {
      setCodeError('Enter the 6-digit code from the SMS');
      return;
    }
    setCodeError(undefined);
    setProblem(undefined);
    verify.mutate(value);
  }

  const blocked = wait.secondsLeft > 0;
  return (
    <Center mih="100dvh" bg="gray.0" p="md">
      <Paper withBorder shadow="sm" p="lg" radius="md" w={420} maw="100%">
        <Stack gap="md">
          <Text fw={800} c="blue.7" size="lg">
            Fleet Driver
          </Text>
          {step === 'phone' ? (
            <form onSubmit={sendCode} noValidate>
              <Stack gap="md">
                <div>
                  <Title order={2}>Sign in</Title>
                  <Text c="dimmed" size="sm" mt={4}>
                    Enter the mobile number your operator has for you. We will text you a 6-digit code.
                  </Text>
                </div>
                <MobileNumberInput
                  label="Mobile number"
                  description="With country code, e.g. +919812345678"
                  value={phone}
                  onChange={(value) => {
                    setPhone(value);
                    setPhoneError(undefined);
                  }}
                  error={phoneError}
                  testId="phone-input"
                />
                {problem ? (
                  <Alert color="red" data-testid="sign-in-problem">
                    {problem}
                    {blocked ? ` You can try again in ${formatWait(wait.secondsLeft)}.` : ''}
                  </Alert>
                ) : null}
                <Button type="submit" size="lg" fullWidth loading={request.isPending} disabled={blocked}>
                  Send code
                </Button>
              </Stack>
            </form>
          ) : (
            <form onSubmit={(event) => signIn(code, event)} noValidate>
              <Stack gap="md">
                <div>
                  <Title order={2}>Enter the code</Title>
                  <Text c="dimmed" size="sm" mt={4}>
                    We sent a 6-digit code to <b>{phone.trim()}</b>.{' '}
                    <Anchor component="button" type="button" size="sm" onClick={() => setStep('phone')}>
                      Change number
                    </Anchor>
                  </Text>
                </div>
                <SixDigitCodeInput
                  value={code}
                  onChange={(value) => {
                    setCode(value);
                    setCodeError(undefined);
                  }}
                  onComplete={(value) => signIn(value)}
                  error={codeError}
                  disabled={blocked || verify.isPending}
                  label="Sign-in code"
                  testId="otp-input"
                  errorTestId="code-error"
                />
                {problem ? (
                  <Alert color="red" data-testid="sign-in-problem">
                    {problem}
                    {blocked ? ` Try again in ${formatWait(wait.secondsLeft)}.` : ''}
                  </Alert>
                ) : null}
                <Button type="submit" size="lg" fullWidth loading={verify.isPending} disabled={blocked}>
                  Sign in
                </Button>
                {resend.secondsLeft > 0 ? (
                  <Text size="sm" c="dimmed" ta="center">
                    Resend the code in {resend.secondsLeft} s
                  </Text>
                ) : (
                  <Anchor
                    component="button"
                    type="button"
                    size="sm"
                    ta="center"
                    disabled={blocked || request.isPending}
                    onClick={() => request.mutate(phone.trim())}
                  >
                    Resend the code
                  </Anchor>
                )}
              </Stack>
            </form>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
