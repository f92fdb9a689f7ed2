import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { feedbackRewards } from '../../schema/contracts/lesson-feedbacks';
import FeedbackForm from '../../web/features/lesson-feedbacks/FeedbackForm';

function renderForm(send = vi.fn().mockResolvedValue({}), withRewards = true) {
  const onDone = vi.fn();
  render(
    <FeedbackForm
      rewards={withRewards ? [...feedbackRewards] : null}
      initial={null}
      commentLabel="What Sam did well"
      send={send}
      onDone={onDone}
      onCancel={() => {}}
    />,
  );
  return { send, onDone };
}

describe('the lesson feedback form', () => {
  it('gives stars, rewards and a comment', async () => {
    const { send, onDone } = renderForm();
    await userEvent.click(screen.getByLabelText('4 of 5 stars'));
    await userEvent.click(screen.getByLabelText(/Star learner/));
    await userEvent.click(screen.getByLabelText(/Great effort/));
    await userEvent.type(screen.getByLabelText('What Sam did well'), 'Factorising.');
    await userEvent.click(screen.getByRole('button', { name: 'Save feedback' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(send).toHaveBeenCalledWith({ stars: 4, rewards: ['STAR_LEARNER', 'GREAT_EFFORT'], comment: 'Factorising.' });
  });

  it('asks for stars and refuses a fourth reward, in sentences, sending nothing', async () => {
    const { send } = renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Save feedback' }));
    expect(await screen.findByText('Choose from 1 to 5 stars.')).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('5 of 5 stars'));
    for (const label of [/Star learner/, /Great effort/, /Problem solver/, /Most improved/]) await userEvent.click(screen.getByLabelText(label));
    await userEvent.click(screen.getByRole('button', { name: 'Save feedback' }));
    expect(await screen.findByText('Rewards can be at most 3.')).toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();
  });

  it('a student’s rating has no rewards', () => {
    renderForm(vi.fn(), false);
    expect(screen.queryByText(/Rewards/)).not.toBeInTheDocument();
  });
});
