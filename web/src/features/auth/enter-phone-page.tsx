import { isPhoneNumber, PHONE_MESSAGE } from '@fleet/domain';
import { Alert, Button } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { errorMessage, reasonOf, retryAfterOf, trpc } from '../../lib/trpc';
import { formatWait, useCountdown } from '../../lib/use-countdown';
import { MobileNumberInput } from '../common/form/phone-and-code';
import { AuthFrame } from './auth-frame';

export default function EnterPhonePage() {
  const search = useSearch({ strict: false }) as { redirect?: string; phone?: string };
  const navigate = useNavigate();
  const [phone, setPhone] = useState(search.phone ?? '+91');
  const [phoneError, setPhoneError] = useState<string>();
  const [problem, setProblem] = useState<{ message: string; wait: number }>();
  const wait = useCountdown(0);

  const request = useMutation(
    trpc.auth.requestOtp.mutationOptions({
      onSuccess: (sent) =>
        navigate({
          to: '/auth/enter-otp',
          search: { phone: phone.trim(), resend: sent.resendAfterSeconds, redirect: search.redirect },
        }),
      onError: (error) => {
        const seconds = retryAfterOf(error);
        // A code sent moments ago is still good: go and type it.
        if (reasonOf(error) === 'OTP_RESEND_TOO_SOON') {
          navigate({
            to: '/auth/enter-otp',
            search: { phone: phone.trim(), resend: seconds, redirect: search.redirect },
          });
          return;
        }
        wait.restart(seconds);
        setProblem({ message: errorMessage(error), wait: seconds });
      },
    }),
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    const value = phone.trim();
    if (!isPhoneNumber(value)) {
      setPhoneError(PHONE_MESSAGE);
      return;
    }
    setPhoneError(undefined);
    setProblem(undefined);
    request.mutate({ phone: value });
  }

  const blocked = problem !== undefined && problem.wait > 0 && wait.secondsLeft > 0;
  return (
    <AuthFrame title="Sign in" subtitle="Enter your mobile number. We will text you a 6-digit code.">
      <form onSubmit={submit} noValidate>
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
          <Alert color="red" mt="md" data-testid="sign-in-problem">
            {problem.message}
            {blocked ? ` You can try again in ${formatWait(wait.secondsLeft)}.` : ''}
          </Alert>
        ) : null}
        <Button type="submit" fullWidth mt="md" loading={request.isPending} disabled={blocked}>
          Send code
        </Button>
      </form>
    </AuthFrame>
  );
}
