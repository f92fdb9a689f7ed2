import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fullAdminPermissions } from '../../schema/contracts/permissions';
import { parseCatalogue } from '../../web/features/past-papers-admin/catalogue-file';
import { baseApi, renderApp, storeSession } from './app-harness';
import { json, mockApi, user } from './fetch-mock';

const ADMIN = user({ _id: 'user_admin', firstname: 'Ada', lastname: 'Admin', role: { name: 'ADMIN', isGuest: false } });
const FIRST_PAINT = { timeout: 10_000 };

const HEADER = 'board,subject_key,year,session,label,code,link,marking,question_number,sub_topic,question,answer,mark_scheme';
const PAPER = 'AQA GCSE,mathematics,2023,June,Paper 2H,8300/2H/JUN23,https://aqa.org.uk/p,https://aqa.org.uk/m';
const GOOD = `${HEADER}
${PAPER},,,,,
${PAPER},14,Right-angled trigonometry,Find the angle.,72.5°,"Uses cosine | 1 | cos
Angle 72.5° | 1 | 72.5"
${PAPER},15,Right-angled trigonometry,Find the side.,4.2 cm,Side 4.2 cm | 2 | 4.2`;
const BAD = `${HEADER}
${PAPER},14,Right-angled trigonometry,Find the angle.,72.5°,Angle | 1 | 72.5
${PAPER},15,Right-angled trigonometry,Find the side.,4.2 cm,
${PAPER},16,,Find the area.,9 cm²,Area | 1 | 9
${PAPER},17,Right-angled trigonometry,Find it.,,`;

function open() {
  storeSession(ADMIN);
  const sent: unknown[] = [];
  mockApi({
    ...baseApi,
    'GET /api/user/authUser': () => json({ ...ADMIN, actingFor: ADMIN }),
    'GET /api/admin/settings/permissions': () => json({ role: null, permissions: fullAdminPermissions }),
    'GET /api/admin/past-papers': () => json({ docs: [], totalDocs: 0, limit: 20, offset: 0 }),
    'POST /api/admin/past-papers/import': ({ json: body }) => {
      sent.push(body);
      return json(
        {
          created: 1,
          updated: 0,
          questions: { created: 2, updated: 0, sets: 1 },
          message: 'Imported 1 paper: 1 new, 0 updated. Imported 2 questions into 1 topical set: 2 new, 0 updated.',
        },
        201,
      );
    },
  });
  renderApp('/portal/admin/past-papers');
  return sent;
}

describe('importing past-paper questions with a catalogue', { timeout: 30_000 }, () => {
  it('reads one paper from repeated lines and each question with its mark scheme', () => {
    const parsed = parseCatalogue('aqa.csv', GOOD);
    expect(parsed).toMatchObject({ problems: [], rows: [{ code: '8300/2H/JUN23' }] });
    if ('error' in parsed) throw new Error(parsed.error);
    expect(parsed.questionRows).toHaveLength(2);
    expect(parsed.questionRows[0]).toMatchObject({
      paperCode: '8300/2H/JUN23',
      number: '14',
      subTopic: 'Right-angled trigonometry',
      markScheme: [
        { point: 'Uses cosine', marks: 1, keywords: ['cos'] },
        { point: 'Angle 72.5°', marks: 1, keywords: ['72.5'] },
      ],
    });
  });

  it('names every bad row in a sentence before anything is sent', () => {
    const parsed = parseCatalogue('aqa.csv', BAD);
    if ('error' in parsed) throw new Error(parsed.error);
    expect(parsed.problems).toEqual([
      'Row 2: the mark scheme is missing.',
      'Row 3: the sub topic is required.',
      'Row 4: the model answer is required.',
      'Row 4: the mark scheme is missing.',
    ]);
    expect(parseCatalogue('q.csv', 'paper_code,question_number,question\nX,1,Hi')).toEqual({
      error: 'The file has no answer, mark_scheme, sub_topic column. The first line must name the columns.',
    });
  });

  it('previews the file, refuses to send it while rows are wrong, then imports it and shows the summary', async () => {
    const sent = open();
    const u = userEvent.setup();
    const input = await screen.findByLabelText('CSV or JSON file', {}, FIRST_PAINT);
    await u.upload(input, new File([BAD], 'bad.csv', { type: 'text/csv' }));
    expect(await screen.findByText('Row 2: the mark scheme is missing.')).toBeInTheDocument();
    expect(screen.getByTestId('import-preview-summary')).toHaveTextContent('bad.csv holds 1 paper and 1 question, and 4 problems to correct first.');
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();

    await u.upload(input, new File([GOOD], 'good.csv', { type: 'text/csv' }));
    expect(await screen.findByText('good.csv holds 1 paper and 2 questions. Nothing is saved until you press Import.')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Questions in the file' })).toHaveTextContent('Right-angled trigonometry');
    await u.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Imported 1 paper: 1 new, 0 updated. Imported 2 questions into 1 topical set: 2 new, 0 updated.')).toBeInTheDocument();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ rows: [{ code: '8300/2H/JUN23' }], questionRows: [{ number: '14' }, { number: '15' }] });
  });
});
