import { describe, expect, it } from 'vitest';
import { isWebAddress, withScheme } from '../../schema/contracts/web-address';

describe('web-address rule', () => {
  it('accepts addresses with or without a scheme', () => {
    for (const ok of [
      'example.com',
      'www.example.co.uk/notes',
      'https://example.com/a?b=1#c',
      'http://sub.domain.io:8080/x',
      'EXAMPLE.COM',
      'localhost:8787/x',
    ]) {
      expect(isWebAddress(ok), ok).toBe(true);
    }
  });

  it('refuses what is not a web address, including other schemes', () => {
    for (const bad of [
      '',
      'not a link',
      'example',
      'javascript:alert(1)',
      'ftp://example.com',
      'data:text/html,hi',
      'https://',
      'exa mple.com',
      '-bad.com',
      'https://example.com/has space',
    ]) {
      expect(isWebAddress(bad), bad).toBe(false);
    }
  });

  it('adds https when the scheme is left out', () => {
    expect(withScheme('example.com/notes')).toBe('https://example.com/notes');
    expect(withScheme(' http://example.com ')).toBe('http://example.com');
  });
});
