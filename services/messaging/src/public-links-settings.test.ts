import { ConfigError } from '@fleet/platform';
import { publicBaseUrlOf } from './public-links-settings';

const problemsOf = (env: Record<string, string>) => {
  try {
    publicBaseUrlOf(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
};

describe('PUBLIC_BASE_URL, where passengers’ links point', () => {
  it('is the embedded product’s own address outside production, and loses a trailing slash', () => {
    expect(publicBaseUrlOf({})).toBe('http://localhost:3000');
    expect(publicBaseUrlOf({ PUBLIC_BASE_URL: 'https://ops.example.in/' })).toBe('https://ops.example.in');
  });

  it('follows PORT outside production, where the product answers when PUBLIC_BASE_URL is not given', () => {
    expect(publicBaseUrlOf({ PORT: '8080' })).toBe('http://localhost:8080');
    expect(publicBaseUrlOf({ PORT: '8080', PUBLIC_BASE_URL: 'https://ops.example.in' })).toBe(
      'https://ops.example.in',
    );
  });

  it('is required in production, over https, and names itself when wrong', () => {
    expect(problemsOf({ NODE_ENV: 'production' })).toEqual([
      { variable: 'PUBLIC_BASE_URL', message: expect.stringContaining('required in production') },
    ]);
    expect(problemsOf({ NODE_ENV: 'production', PUBLIC_BASE_URL: 'http://ops.example.in' })).toEqual([
      { variable: 'PUBLIC_BASE_URL', message: 'expected an https address in production' },
    ]);
    expect(problemsOf({ PUBLIC_BASE_URL: 'ops.example.in' }).map((p) => p.variable)).toEqual([
      'PUBLIC_BASE_URL',
    ]);
    expect(publicBaseUrlOf({ NODE_ENV: 'production', PUBLIC_BASE_URL: 'https://ops.example.in' })).toBe(
      'https://ops.example.in',
    );
  });
});
