import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import MathText from '../../web/ui/math/MathText';

/** The one MathText: content pages and the question bank run text on; the quiz player and reviews keep its lines. */
describe('MathText', () => {
  it('renders each formula with KaTeX and MathML, and the rest as text only', () => {
    const { container } = render(<MathText text={'Solve $3x = 6$ then <b>$$x^2$$</b>.'} />);
    expect(container.querySelectorAll('.katex')).toHaveLength(2);
    expect(container.querySelectorAll('math')).toHaveLength(2);
    expect(container.querySelector('b')).toBeNull();
    expect(container.textContent).toContain('Solve ');
    expect(container.textContent).toContain('<b>');
  });

  it('reads \\$ as a dollar sign and keeps an unclosed $ as text, in both forms', () => {
    for (const multiline of [false, true]) {
      const { container, unmount } = render(<MathText multiline={multiline} text={'It costs \\$5, or $5 each'} />);
      expect(container.textContent).toBe('It costs $5, or $5 each');
      expect(container.querySelector('.katex')).toBeNull();
      unmount();
    }
  });

  it('runs the text on by default, in the element asked for, with a display formula padded', () => {
    const { container } = render(<MathText as="p" className="lead" text={'First line\nsecond line $$x^2$$'} />);
    const root = container.firstElementChild!;
    expect(root.tagName).toBe('P');
    expect(root).toHaveClass('lead');
    expect(root.querySelector('br')).toBeNull();
    expect(root.textContent).toContain('First line\nsecond line');
    expect(root.querySelector('.katex-display')?.parentElement).toHaveClass('block', 'overflow-x-auto', 'py-1');
  });

  it('keeps the author’s line breaks when multiline, with a display formula set apart by a margin', () => {
    const { container } = render(<MathText multiline text={'A line\nthe next $a$\n$$x^2$$'} />);
    const root = container.firstElementChild!;
    expect(root.tagName).toBe('SPAN');
    expect(root.querySelectorAll('br')).toHaveLength(2);
    expect(root.querySelector('.katex-display')?.parentElement).toHaveClass('my-2', 'block', 'overflow-x-auto');
    expect(root.querySelector('.katex-display')?.parentElement).not.toHaveClass('py-1');
  });
});
