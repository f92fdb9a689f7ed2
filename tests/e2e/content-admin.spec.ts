import { signIn } from './demo';
import { expect, test } from './test';

test('an admin adds a sub topic and an open question with a mark scheme, then approves it', async ({ page }) => {
  await signIn(page, 'admin@studyhall.test');
  await expect(page).toHaveURL(/\/learning-portal\/(dashboard|portal)/);
  await page.goto('/learning-portal/portal/admin/content');
  await expect(page.getByRole('heading', { name: 'Learning content', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Curriculum')).toHaveValue(/cambridge_igcse/);
  await page.getByRole('button', { name: 'Algebra', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Sub topics of Algebra' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Quadratic equations' })).toBeVisible();

  await page.getByRole('button', { name: 'Add sub topic' }).click();
  const addDialog = page.getByRole('dialog', { name: 'Add sub topic' });
  await addDialog.getByLabel('Name').fill('Inequalities');
  await addDialog.getByLabel(/Summary/).fill('Solving $2x + 1 < 7$ and showing it on a number line.');
  await addDialog.getByRole('button', { name: 'Add sub topic' }).click();
  await expect(page.getByText('Sub topic Added')).toBeVisible();
  await page.getByRole('link', { name: 'Inequalities' }).click();

  await expect(page.getByRole('heading', { name: 'Inequalities', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No questions yet' })).toBeVisible();

  // A spreadsheet export: a bad row is named and nothing is imported; the fixed file imports both rows.
  const importInput = page.getByLabel('Import questions from a CSV or JSON file');
  const header = 'kind,text,option_a,option_b,correct,answer,mark_scheme,difficulty,level';
  const good = 'MCQ,Which value of x satisfies x + 4 < 6?,1,3,A,,,EASY,1';
  const csv = (rows: string[]) => ({ name: 'inequalities.csv', mimeType: 'text/csv', buffer: Buffer.from([header, ...rows].join('\n')) });
  await importInput.setInputFiles(csv([good, 'OPEN,Solve 2x < 10.,,,,x < 5,,MEDIUM,2']));
  await expect(page.getByText('Row 2, markScheme: needs at least one point')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No questions yet' })).toBeVisible();
  await importInput.setInputFiles(csv([good, 'OPEN,Solve 2x < 10.,,,,x < 5,"Divides by 2 | 1 | x < 5",MEDIUM,2']));
  await expect(page.getByText('2 questions imported')).toBeVisible();
  await expect(page.getByTestId('question-row').filter({ hasText: 'Which value of x satisfies' })).toContainText('Awaiting approval');
  await expect(page.getByTestId('question-row').filter({ hasText: 'Solve 2x < 10.' })).toContainText('[1] Divides by 2');

  await page.getByRole('button', { name: 'New question' }).click();
  const dialog = page.getByRole('dialog', { name: 'New question' });
  await dialog.getByLabel('Open answer').check();
  await dialog.getByLabel(/^Question/).fill('Solve $3x - 2 > 7$ and explain each step.');
  await expect(dialog.getByLabel('Preview').first().locator('math')).toHaveCount(1);
  await dialog.getByLabel('Model answer').fill('Add 2 to both sides: $3x > 9$. Divide by 3: $x > 3$.');
  await dialog.getByLabel('Point 1', { exact: true }).fill('Adds 2 to both sides to get 3x > 9');
  await dialog.getByLabel('Keywords for point 1').fill('add 2, 3x > 9');
  await dialog.getByRole('button', { name: 'Add point' }).click();
  await dialog.getByLabel('Point 2', { exact: true }).fill('Divides by 3 to get x > 3');
  await dialog.getByLabel('Marks for point 2').fill('2');
  await dialog.getByLabel('Keywords for point 2').fill('divide, x > 3');
  await dialog.getByLabel('Explanation').fill('Treat it like an equation; the sign only flips when multiplying or dividing by a negative.');
  await dialog.getByRole('textbox', { name: 'Hint' }).fill('What do you do first to get $3x$ alone?');
  await dialog.getByLabel('Difficulty').selectOption('EASY');
  await dialog.getByRole('button', { name: 'Create question' }).click();

  await expect(page.getByText('Question created')).toBeVisible();
  const row = page.getByTestId('question-row').filter({ hasText: 'explain each step' });
  await expect(row).toContainText('Open · 3 marks');
  await expect(row).toContainText('Awaiting approval');
  await expect(row).toContainText('[2] Divides by 3 to get x > 3');
  await expect(row.getByText('EASY')).toHaveClass(/emerald/);
  await row.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Question approved')).toBeVisible();
  await expect(row).toContainText('Approved');
  await row.getByRole('button', { name: 'Un-approve' }).click();
  await expect(page.getByText('Question un-approved')).toBeVisible();
  await expect(row).toContainText('Awaiting approval');
});

test('an admin writes a content block with a formula and it shows on the public page', async ({ page }) => {
  await signIn(page, 'admin@studyhall.test');
  await expect(page).toHaveURL(/\/learning-portal\/(dashboard|portal)/);
  await page.goto('/learning-portal/portal/admin/content/subtopics/sub_topic_studyhall_polygon_angles');
  await page.getByRole('tab', { name: 'Content' }).click();
  await page.getByRole('button', { name: 'Add to Content blocks' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add content block' });
  await dialog.getByLabel('Title').fill('Exterior angles');
  await dialog.getByRole('textbox', { name: 'Content' }).fill('Each exterior angle of a regular polygon is ');
  await dialog.getByLabel('Formula in LaTeX').fill('\\frac{360^\\circ}{n}');
  await dialog.getByLabel('Formula in LaTeX').press('Enter');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Sub topic Updated')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Exterior angles' })).toBeVisible();

  await page.goto('/learning-portal/cambridge-igcse/maths/geometry-mensuration/polygon-angles');
  const block = page.getByRole('region', { name: 'Exterior angles' });
  await expect(block).toContainText('Each exterior angle of a regular polygon is');
  await expect(block.locator('math')).toHaveCount(1);
});

test('a learner cannot open the content admin', async ({ page }) => {
  await signIn(page, 'student@studyhall.test');
  await expect(page).toHaveURL(/\/learning-portal\/portal$/);
  await page.goto('/learning-portal/portal/admin/content/subtopics/sub_topic_studyhall_percentages');
  await expect(page.getByRole('heading', { name: 'No access to learning content' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'New question' })).toBeHidden();
  await page.goto('/learning-portal/portal/admin/content');
  await expect(page.getByRole('heading', { name: 'No access to learning content' })).toBeVisible();
});
