import { describe, expect, it } from 'vitest';
import { errorMessageText, errorToastText } from '../../web/lib/errors';

const serialized = (data: unknown, status = 400) => new Error(JSON.stringify({ status, data }));

describe('error toast text (spec 1, section 8)', () => {
  it('prefers data.message over data.error_description', () => {
    expect(errorToastText(serialized({ error_description: 'Bad password', message: 'Incorrect email or password' }))).toBe('Incorrect email or password');
  });

  it('uses data.error_description when there is no data.message', () => {
    expect(errorToastText(serialized({ error: 'invalid_grant', error_description: 'Bad password' }))).toBe('Bad password');
  });

  it('shows a message that is not JSON as it is', () => {
    expect(errorToastText(new Error('Failed to fetch'))).toBe('Failed to fetch');
  });

  it('falls back to "Something went wrong"', () => {
    expect(errorToastText(new Error(''))).toBe('Something went wrong');
    expect(errorToastText(undefined)).toBe('Something went wrong');
    expect(errorToastText(new Error(JSON.stringify({ status: 500 })))).toBe('Something went wrong');
    expect(errorToastText(serialized({}))).toBe('Something went wrong');
    expect(errorToastText(serialized('plain text body', 502))).toBe('Something went wrong');
  });
});

describe('error message helper (spec 1, section 8)', () => {
  it('prefers the data message', () => {
    expect(errorMessageText(new Error(JSON.stringify({ message: 'outer', data: { message: 'inner' } })))).toBe('inner');
  });

  it('then the message of the JSON error', () => {
    expect(errorMessageText(new Error(JSON.stringify({ message: 'outer', data: {} })))).toBe('outer');
  });

  it('then "An error occurred"', () => {
    expect(errorMessageText(serialized({ error: 'x' }))).toBe('An error occurred');
  });

  it('uses a plain message when the error is not structured, else "Something went wrong"', () => {
    expect(errorMessageText(new Error('Network down'))).toBe('Network down');
    expect(errorMessageText(new Error(''))).toBe('Something went wrong');
    expect(errorMessageText(null)).toBe('Something went wrong');
  });
});
