import { describe, expect, it } from 'vitest';
import { cleanFileName, isCleanFileName } from '../../schema/contracts/file-names';

const AT = 1_700_000_000_000;

describe('cleanFileName', () => {
  it('removes special characters, keeps accented letters’ base letter and appends the timestamp', () => {
    expect(cleanFileName('Mé photo (1).PNG', AT)).toBe(`Me-photo-1-${AT}.png`);
    expect(cleanFileName('report #3 & notes!!.pdf', AT)).toBe(`report-3-notes-${AT}.pdf`);
  });

  it('drops characters with no ASCII form', () => {
    expect(cleanFileName('数学 notes.docx', AT)).toBe(`notes-${AT}.docx`);
    expect(cleanFileName('数学.png', AT)).toBe(`file-${AT}.png`);
    expect(cleanFileName('😀smile😀.jpg', AT)).toBe(`smile-${AT}.jpg`);
  });

  it('ignores any folder part and keeps hyphens and underscores', () => {
    expect(cleanFileName('C:\\Users\\sam\\my_avatar-final.webp', AT)).toBe(`my_avatar-final-${AT}.webp`);
    expect(cleanFileName('../../etc/passwd', AT)).toBe(`passwd-${AT}`);
  });

  it('handles names without a usable extension, hidden files and empty names', () => {
    expect(cleanFileName('README', AT)).toBe(`README-${AT}`);
    expect(cleanFileName('.env', AT)).toBe(`env-${AT}`);
    expect(cleanFileName('trailing.', AT)).toBe(`trailing-${AT}`);
    expect(cleanFileName('', AT)).toBe(`file-${AT}`);
    expect(cleanFileName('photo.J P*G', AT)).toBe(`photo-${AT}.jpg`);
  });

  it('caps very long names', () => {
    const name = cleanFileName(`${'a'.repeat(300)}.png`, AT);
    expect(name).toBe(`${'a'.repeat(80)}-${AT}.png`);
  });

  it('two uploads of the same name at different times get different names', () => {
    expect(cleanFileName('me.png', AT)).not.toBe(cleanFileName('me.png', AT + 1));
  });

  it('recognises its own output and nothing that could leave the folder', () => {
    expect(isCleanFileName(cleanFileName('Mé photo (1).PNG', AT))).toBe(true);
    expect(isCleanFileName('../secret')).toBe(false);
    expect(isCleanFileName('photo.png')).toBe(false);
    expect(isCleanFileName('a/b-1.png')).toBe(false);
  });
});
