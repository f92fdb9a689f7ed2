import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import SelectField from '../../web/ui/SelectField';

const options = [
  { value: 'igcse', label: 'Cambridge IGCSE' },
  { value: 'ib', label: 'IB Diploma' },
];

/** The one SelectField: the shell's forms, and the profile and onboarding forms that had a copy of their own. */
describe('SelectField', () => {
  it('names the select by its label and lists the options in order, with no empty choice unless asked', () => {
    render(<SelectField id="curriculum" label="Curriculum" options={options} defaultValue="ib" />);
    const select = screen.getByRole('combobox', { name: 'Curriculum' });
    expect([...(select as HTMLSelectElement).options].map((o) => o.textContent)).toEqual(['Cambridge IGCSE', 'IB Diploma']);
    expect(select).toHaveValue('ib');
  });

  it('offers the placeholder as an empty first choice, as the profile and onboarding forms ask', () => {
    render(<SelectField id="curriculum" label="Curriculum" required placeholder="Select curriculum" options={options} value="" onChange={() => undefined} />);
    const select = screen.getByRole('combobox', { name: /Curriculum/ }) as HTMLSelectElement;
    expect(select.options[0]).toHaveValue('');
    expect(select.options[0]).toHaveTextContent('Select curriculum');
    expect(select).toBeRequired();
  });

  it('points the select at its error', () => {
    render(<SelectField id="grade" label="Grade" options={options} error="Choose a grade" />);
    const select = screen.getByRole('combobox', { name: 'Grade' });
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select).toHaveAccessibleDescription('Choose a grade');
  });

  it('is disabled and looks it while it waits for an earlier choice, as the subject and grade pickers rely on', () => {
    render(<SelectField id="subject" label="Subject" options={[]} placeholder="Select subject" disabled />);
    const select = screen.getByRole('combobox', { name: 'Subject' });
    expect(select).toBeDisabled();
    expect(select).toHaveClass('disabled:cursor-not-allowed', 'disabled:opacity-60');
  });
});
