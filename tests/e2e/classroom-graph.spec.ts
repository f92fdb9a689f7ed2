import AxeBuilder from '@axe-core/playwright';
import { signIn } from './demo';
import { personInLessonRoom } from './lesson-room-people';
import { ownLesson } from './own-lesson';
import { type Browser, expect, type Locator, type Page, test } from './test';

const { room } = ownLesson('Graphs together');

/** Sam on a phone: the graph editor is a sheet over the lower part of the screen. */
async function onPhone(browser: Browser, email: string) {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  await signIn(page, email);
  await page.goto(room());
  await expect(page.getByTestId('connection-state')).toHaveText(/Live/);
  return { context, page };
}

const curve = (where: Page | Locator, expression: string) => where.locator(`[data-element=graph] path.line[data-expression="${expression}"]`);
/** The curve's drawing: it changes when anything it depends on (a slider, the axes) does. */
const shapeOf = async (where: Page | Locator, expression: string) => (await curve(where, expression).first().getAttribute('d')) ?? '';
const expressionField = (page: Page, n: number) => page.getByRole('textbox', { name: `Expression ${n}`, exact: true });

test('the graph is edited by both and replayed', async ({ browser }) => {
  // Two people, a lesson ended and its replay: longer than one person's journey on a busy machine.
  test.setTimeout(90_000);
  const theo = await personInLessonRoom(browser, 'tutor@studyhall.test', room());
  const sam = await onPhone(browser, 'student@studyhall.test');

  // Theo adds a graph and writes y = a*x^2: a slider for a comes with it, and Sam's board shows the curve.
  await theo.page.getByRole('button', { name: 'Graphs' }).click();
  const theoPanel = theo.page.getByTestId('graph-panel');
  await expect(theoPanel.getByText('There is no graph on this page yet.', { exact: false })).toBeVisible();
  await theoPanel.getByRole('button', { name: 'Add a graph' }).click();
  await expect(curve(theo.page, 'x^2 - 2')).not.toHaveCount(0);
  await expressionField(theo.page, 1).fill('y = a*x^2');
  await expressionField(theo.page, 1).press('Enter');
  await expect(theoPanel.getByTestId('slider-a-value')).toHaveText('1');
  await expect(curve(sam.page, 'y = a*x^2')).not.toHaveCount(0);

  // Sam moves the slider on the phone; Theo's curve changes with it.
  const before = await shapeOf(theo.page, 'y = a*x^2');
  await sam.page.getByRole('button', { name: 'Graphs' }).click();
  const samPanel = sam.page.getByTestId('graph-panel');
  await samPanel.getByRole('slider', { name: 'Slider a' }).fill('2');
  await expect(theoPanel.getByTestId('slider-a-value')).toHaveText('2');
  await expect.poll(() => shapeOf(theo.page, 'y = a*x^2')).not.toBe(before);

  // An expression that does not parse says why, in a sentence; Sam's next one reaches Theo.
  await samPanel.getByLabel('New expression').fill('x^2 +');
  await samPanel.getByLabel('New expression').press('Enter');
  await expect(samPanel.getByRole('alert')).toHaveText('The expression ends too early: something is missing after “+”.');
  // The replay's clock counts whole seconds: a second later, Sam's expression lands on a later second than Theo's.
  await sam.page.waitForTimeout(1_100);
  await samPanel.getByLabel('New expression').fill('x + 1');
  await samPanel.getByLabel('New expression').press('Enter');
  await expect(curve(theo.page, 'x + 1')).not.toHaveCount(0);
  await expect(expressionField(theo.page, 2)).toHaveValue('x + 1');

  // The editor at 375 px has no serious or critical accessibility finding.
  const { violations } = await new AxeBuilder({ page: sam.page }).include('[data-testid=graph-panel]').withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  // Theo's undo takes back his own edit only: Sam's slider and expression stay. Redo puts it back.
  await theo.page.getByRole('button', { name: 'Undo (Ctrl+Z)' }).click();
  await expect(expressionField(sam.page, 1)).toHaveValue('x^2 - 2');
  await expect(expressionField(sam.page, 2)).toHaveValue('x + 1');
  await expect(samPanel.getByTestId('slider-a-value')).toHaveText('2');
  await theo.page.getByRole('button', { name: 'Redo (Ctrl+Shift+Z)' }).click();
  await expect(expressionField(sam.page, 1)).toHaveValue('y = a*x^2');

  // The PDF export draws the graph into its board page (a graph that failed to draw would fail the export).
  const download = theo.page.waitForEvent('download');
  await theo.page.getByRole('button', { name: 'Export PDF' }).click();
  expect((await download).suggestedFilename()).toBe('Graphs together.pdf');

  // Theo ends the lesson; with everyone gone the room archives its history.
  await theo.page.getByRole('button', { name: 'Close the graph panel' }).click();
  await theo.page.getByRole('button', { name: 'End lesson' }).click();
  await theo.page.getByRole('button', { name: 'End for everyone' }).click();
  await expect(sam.page.getByTestId('lesson-ended')).toBeVisible();
  await theo.context.close();
  await sam.context.close();

  // The replay shows the graph as it ended, and, a few seconds back, as it was before Sam's expression.
  const later = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  const page = await later.newPage();
  await signIn(page, 'tutor@studyhall.test');
  await page.goto(room());
  await page.getByRole('button', { name: 'Replay' }).click();
  const replay = page.getByRole('region', { name: 'Lesson replay' });
  await expect(curve(replay, 'x + 1')).not.toHaveCount(0);
  await expect(curve(replay, 'y = a*x^2')).not.toHaveCount(0);
  const slider = replay.getByRole('slider', { name: 'Time in the lesson' });
  const end = Number(await slider.getAttribute('max'));
  let step = end;
  while (step > 0 && (await curve(replay, 'x + 1').count()) > 0) {
    step -= 1;
    await slider.fill(String(step));
    await expect(replay.locator('[data-element=graph][aria-busy=false]')).toHaveCount(1);
  }
  expect(step).toBeGreaterThan(0);
  await expect(curve(replay, 'y = a*x^2')).not.toHaveCount(0);
  await expect(curve(replay, 'x + 1')).toHaveCount(0);
  await slider.fill('0');
  await expect(curve(replay, 'x + 1')).toHaveCount(0);
  await later.close();
});
