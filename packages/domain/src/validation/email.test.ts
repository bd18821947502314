import { EMAIL_MESSAGE, emailSchema, isEmail } from './email';

describe('email addresses', () => {
  it.each([
    'name@example.com',
    'first.last@example.co.in',
    'bookings+delhi@fleet-ops.in',
    "o'reilly@example.org",
    'a@b.cd',
    'UPPER@EXAMPLE.COM',
    `${'a'.repeat(64)}@example.com`,
  ])('accepts %s', (email) => {
    expect(isEmail(email)).toBe(true);
    expect(emailSchema.parse(email)).toBe(email);
  });

  it.each([
    '',
    'name',
    'name@',
    '@example.com',
    'name@example',
    'name@example.c', // top-level domain of one letter
    'name@example.c0m', // top-level domain with a digit
    'name@@example.com',
    'na me@example.com',
    '.name@example.com',
    'name.@example.com',
    'na..me@example.com',
    'name@-example.com',
    'name@example-.com',
    'name@exa_mple.com',
    'name@.example.com',
    'name@example..com',
    `${'a'.repeat(65)}@example.com`, // local part over 64 characters
    `name@${'a'.repeat(250)}.com`, // over 254 characters
  ])('rejects %j', (email) => {
    expect(isEmail(email)).toBe(false);
    expect(emailSchema.safeParse(email).error?.issues.map((i) => i.message)).toEqual([EMAIL_MESSAGE]);
  });

  it('the schema trims surrounding spaces', () => {
    expect(emailSchema.parse('  name@example.com ')).toBe('name@example.com');
  });
});
