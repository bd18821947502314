// The two inputs of signing in and of changing a sign-in number, alike wherever they appear: a mobile
// number with its country code, and the 6-digit code texted to it.
import { PinInput, Stack, Text, TextInput } from '@mantine/core';

export function MobileNumberInput(props: {
  label: string;
  description: string;
  value: string;
  onChange(value: string): void;
  error?: string;
  testId: string;
}) {
  return (
    <TextInput
      label={props.label}
      description={props.description}
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      autoFocus
      value={props.value}
      onChange={(e) => props.onChange(e.currentTarget.value.replace(/[^\d+]/g, ''))}
      error={props.error}
      maxLength={16}
      data-testid={props.testId}
    />
  );
}

export function SixDigitCodeInput(props: {
  value: string;
  onChange(value: string): void;
  onComplete(value: string): void;
  error?: string;
  disabled: boolean;
  label: string;
  testId: string;
  errorTestId: string;
}) {
  return (
    <Stack gap="sm">
      <PinInput
        length={6}
        type="number"
        oneTimeCode
        autoFocus
        value={props.value}
        onChange={props.onChange}
        onComplete={props.onComplete}
        error={!!props.error}
        disabled={props.disabled}
        aria-label={props.label}
        data-testid={props.testId}
      />
      {props.error ? (
        <Text c="red" size="sm" data-testid={props.errorTestId}>
          {props.error}
        </Text>
      ) : null}
    </Stack>
  );
}
