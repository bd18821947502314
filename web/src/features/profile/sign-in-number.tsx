import { isPhoneNumber, PHONE_MESSAGE } from '@fleet/domain';
import { Alert, Anchor, Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { showToast } from '../../app/toast/toast-store';
import { errorMessage, fieldErrorsOf, reasonOf, retryAfterOf, trpc } from '../../lib/trpc';
import { formatWait, useCountdown } from '../../lib/use-countdown';
import { MobileNumberInput, SixDigitCodeInput } from '../common/form/phone-and-code';

type Step = 'shown' | 'new-number' | 'code';

/**
 * The number the person signs in with, and changing it: the new number gets a 6-digit code, and only
 * that code moves the sign-in to it (as on the sign-in screens: resend countdown, wrong-code and lock
 * messages). Someone acting as another user cannot change that user's number.
 */
export function SignInNumber({ phone, canChange }: { phone: string; canChange: boolean }) {
  const queryClient = useQueryClient();
  const [step, setShownStep] = useState<Step>('shown');
  const [newPhone, setNewPhone] = useState('+91');
  const [phoneError, setPhoneError] = useState<string>();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const resend = useCountdown(0);
  const wait = useCountdown(0);
  const setStep = (next: Step) => {
    setProblem(undefined);
    setShownStep(next);
  };

  const showProblem = (error: unknown) => {
    if (reasonOf(error) === 'OTP_LOCKED' || reasonOf(error) === 'OTP_THROTTLED')
      wait.restart(retryAfterOf(error));
    setProblem(errorMessage(error));
  };

  const request = useMutation(
    trpc.user.requestPhoneChange.mutationOptions({
      onSuccess: (sent) => {
        resend.restart(sent.resendAfterSeconds);
        setCode('');
        setCodeError(undefined);
        setProblem(undefined);
        setStep('code');
      },
      onError: (error) => {
        // A code sent moments ago is still good: go and type it.
        if (reasonOf(error) === 'OTP_RESEND_TOO_SOON') {
          resend.restart(retryAfterOf(error));
          setStep('code');
          return;
        }
        const onPhone = fieldErrorsOf(error).phone;
        if (onPhone) setPhoneError(onPhone);
        else showProblem(error);
      },
    }),
  );
  const confirm = useMutation(
    trpc.user.confirmPhoneChange.mutationOptions({
      onSuccess: (user) => {
        showToast(`You now sign in with ${user.phone}.`);
        queryClient.invalidateQueries({ queryKey: trpc.user.me.queryKey() });
        setStep('shown');
        setNewPhone('+91');
        setCode('');
      },
      onError: (error) => {
        setCode('');
        if (reasonOf(error) === 'OTP_INVALID') {
          setCodeError(errorMessage(error));
          return;
        }
        showProblem(error);
      },
    }),
  );

  function sendCode(event?: FormEvent) {
    event?.preventDefault();
    const value = newPhone.trim();
    if (!isPhoneNumber(value)) {
      setPhoneError(PHONE_MESSAGE);
      return;
    }
    setPhoneError(undefined);
    setProblem(undefined);
    request.mutate({ phone: value });
  }

  function submitCode(value: string, event?: FormEvent) {
    event?.preventDefault();
    if (!/^\d{6}$/.test(value)) {
      setCodeError('Enter the 6-digit code from the SMS');
      return;
    }
    setCodeError(undefined);
    setProblem(undefined);
    confirm.mutate({ phone: newPhone.trim(), code: value });
  }

  const blocked = wait.secondsLeft > 0;
  const problemAlert = problem ? (
    <Alert color="red" data-testid="phone-change-problem">
      {problem}
      {blocked ? ` Try again in ${formatWait(wait.secondsLeft)}.` : ''}
    </Alert>
  ) : null;

  return (
    <Card withBorder>
      <Stack>
        <Text fw={600}>Sign-in number</Text>
        <Group align="flex-end">
          <TextInput
            label="Mobile number"
            description="You sign in with this number"
            value={phone}
            readOnly
            data-testid="sign-in-phone"
          />
          {canChange && step === 'shown' ? (
            <Button variant="light" onClick={() => setStep('new-number')}>
              Change number
            </Button>
          ) : null}
        </Group>
        {step === 'new-number' ? (
          <form onSubmit={sendCode} noValidate>
            <Stack gap="sm" maw={400}>
              <MobileNumberInput
                label="New mobile number"
                description="With country code, e.g. +919812345678. We text a 6-digit code to it."
                value={newPhone}
                onChange={(value) => {
                  setNewPhone(value);
                  setPhoneError(undefined);
                }}
                error={phoneError}
                testId="new-phone-input"
              />
              {problemAlert}
              <Group>
                <Button type="submit" loading={request.isPending} disabled={blocked}>
                  Send code
                </Button>
                <Button variant="subtle" onClick={() => setStep('shown')}>
                  Cancel
                </Button>
              </Group>
            </Stack>
          </form>
        ) : null}
        {step === 'code' ? (
          <form onSubmit={(e) => submitCode(code, e)} noValidate>
            <Stack gap="sm" maw={400}>
              <Text size="sm">
                We sent a 6-digit code to <b>{newPhone.trim()}</b>.{' '}
                <Anchor component="button" type="button" size="sm" onClick={() => setStep('new-number')}>
                  Change number
                </Anchor>
              </Text>
              <SixDigitCodeInput
                value={code}
                onChange={(value) => {
                  setCode(value);
                  setCodeError(undefined);
                }}
                onComplete={(value) => submitCode(value)}
                error={codeError}
                disabled={blocked || confirm.isPending}
                label="Code for the new number"
                testId="phone-change-code"
                errorTestId="phone-change-code-error"
              />
              {problemAlert}
              <Group>
                <Button type="submit" loading={confirm.isPending} disabled={blocked}>
                  Confirm new number
                </Button>
                <Button variant="subtle" onClick={() => setStep('shown')}>
                  Cancel
                </Button>
                {resend.secondsLeft > 0 ? (
                  <Text size="sm" c="dimmed">
                    Resend the code in {resend.secondsLeft} s
                  </Text>
                ) : (
                  <Anchor
                    component="button"
                    type="button"
                    size="sm"
                    disabled={blocked}
                    onClick={() => sendCode()}
                  >
                    Resend the code
                  </Anchor>
                )}
              </Group>
            </Stack>
          </form>
        ) : null}
      </Stack>
    </Card>
  );
}
