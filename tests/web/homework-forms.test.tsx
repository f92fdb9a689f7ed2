import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { HandIn } from '../../schema/contracts/homework';
import HandInForm from '../../web/features/homework/HandInForm';
import MarkForm from '../../web/features/homework/MarkForm';
import { ApiFailure } from '../../web/lib/api';

const NOW = Date.parse('2030-01-05T12:00:00Z');
const homework = { title: 'Worksheet 3', dueAt: '2030-01-10T17:00:00.000Z' };
const formatTime = (iso: string) => `at ${iso.slice(0, 10)}`;

const handIn = (overrides: Partial<HandIn> = {}): HandIn => ({
  _id: 'h1',
  section: 'hw1',
  course: 'c1',
  student: { _id: 'user_student', firstname: 'Sam', lastname: 'Student' },
  status: 'HANDED_IN',
  text: 'My working',
  files: [{ _id: 'f1', name: 'answers-1.pdf', size: 2048, contentType: 'application/pdf', download: '/api/homework-submissions/h1/files/f1' }],
  handedInAt: '2030-01-05T10:00:00.000Z',
  late: false,
  mark: null,
  outOf: null,
  feedback: null,
  markedBy: null,
  markedAt: null,
  homework: { _id: 'hw1', ...homework },
  ...overrides,
});

function renderHandIn(send = vi.fn(), existing: HandIn | null = null, now = NOW) {
  const onDone = vi.fn();
  render(<HandInForm homework={homework} existing={existing} formatTime={formatTime} now={now} send={send} onDone={onDone} onCancel={() => {}} />);
  return { send, onDone, picker: screen.getByLabelText(/Add files/) as HTMLInputElement };
}

describe('the hand-in form', () => {
  it('sends the chosen files and text, showing the upload’s progress', async () => {
    let finish: (value: HandIn) => void = () => {};
    const send = vi.fn((_draft, onProgress: (share: number) => void) => {
      onProgress(0.45);
      return new Promise<HandIn>((resolve) => {
        finish = resolve;
      });
    });
    const { onDone, picker } = renderHandIn(send);
    const file = new File(['%PDF-1.7'], 'answers.pdf', { type: 'application/pdf' });
    await userEvent.upload(picker, file);
    expect(within(screen.getByRole('list', { name: 'Files to hand in' })).getByText('answers.pdf')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Your answer or a note for your tutor'), 'Question 4 was hard.');
    await userEvent.click(screen.getByRole('button', { name: 'Hand in' }));
    const bar = await screen.findByRole('progressbar', { name: 'Upload progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '45');
    expect(screen.getByText('Uploading… 45%')).toBeInTheDocument();
    expect(send.mock.calls[0]![0]).toEqual({ text: 'Question 4 was hard.', keep: [], files: [file] });
    finish(handIn());
    await waitFor(() => expect(onDone).toHaveBeenCalled());
  });

  it('refuses a wrong type, an oversized file and an empty hand-in in sentences, without sending', async () => {
    const { send, picker } = renderHandIn();
    await userEvent.click(screen.getByRole('button', { name: 'Hand in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Add a file or write your answer before handing in.');
    const big = new File(['x'], 'photo.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 11 * 1024 * 1024 });
    // A phone's picker may offer any file whatever `accept` says.
    await userEvent.setup({ applyAccept: false }).upload(picker, [new File(['MZ'], 'game.exe'), big]);
    await userEvent.click(screen.getByRole('button', { name: 'Hand in' }));
    const errors = await screen.findAllByTestId('file-error');
    expect(errors.map((e) => e.textContent)).toEqual([
      '“game.exe” must be a PDF, PNG, JPEG, WebP, Word (.docx) or plain text (.txt) file.',
      '“photo.png” must be 10 MB or smaller.',
    ]);
    expect(send).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal of one file beside it', async () => {
    const send = vi.fn().mockRejectedValue(new ApiFailure(400, { message: 'x', errors: [{ path: 'file.1', message: '“fake.png” is not really a PNG file' }] }));
    const { picker } = renderHandIn(send);
    await userEvent.upload(picker, [new File(['%PDF'], 'a.pdf'), new File(['%PDF'], 'fake.png')]);
    await userEvent.click(screen.getByRole('button', { name: 'Hand in' }));
    expect(await screen.findByTestId('file-error')).toHaveTextContent('“fake.png” is not really a PNG file.');
  });

  it('changes a hand-in: files already in can be dropped, and a late hand-in is said to be late', async () => {
    const send = vi.fn().mockResolvedValue(handIn());
    renderHandIn(send, handIn(), Date.parse('2030-02-01T00:00:00Z'));
    expect(screen.getByText(/The due date has passed, so this hand-in will show as late\./)).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('Keep answers-1.pdf'));
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(send).toHaveBeenCalled());
    expect(send.mock.calls[0]![0]).toEqual({ text: 'My working', keep: [], files: [] });
  });
});

describe('the marking form', () => {
  function renderMark(send = vi.fn()) {
    const onDone = vi.fn();
    render(<MarkForm handIn={handIn()} send={send} onDone={onDone} onCancel={() => {}} />);
    return { send, onDone };
  }

  it('saves the mark, what it is out of and the feedback', async () => {
    const send = vi.fn().mockResolvedValue(handIn({ status: 'MARKED', mark: 8, outOf: 10 }));
    const { onDone } = renderMark(send);
    await userEvent.type(screen.getByLabelText('Mark'), '8');
    await userEvent.type(screen.getByLabelText('Feedback'), 'Check question 4.');
    await userEvent.click(screen.getByRole('button', { name: 'Save mark' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(send).toHaveBeenCalledWith({ mark: 8, outOf: 10, feedback: 'Check question 4.' });
  });

  it('says in sentences what is wrong, and sends nothing', async () => {
    const { send } = renderMark();
    await userEvent.click(screen.getByRole('button', { name: 'Save mark' }));
    expect(await screen.findByText('Mark must be a number.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Mark'), '12');
    await userEvent.click(screen.getByRole('button', { name: 'Save mark' }));
    expect(await screen.findByText('Mark cannot be more than the marks it is out of.')).toBeInTheDocument();
    expect(screen.getByLabelText('Mark')).toHaveAttribute('aria-invalid', 'true');
    await userEvent.clear(screen.getByLabelText('Out of'));
    await userEvent.type(screen.getByLabelText('Out of'), '0');
    await userEvent.click(screen.getByRole('button', { name: 'Save mark' }));
    expect(await screen.findByText('Out of must be at least 1.')).toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();
  });
});
