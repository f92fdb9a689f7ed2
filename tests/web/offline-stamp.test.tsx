import { render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { describe, expect, it } from 'vitest';
import HomeSection from '../../web/pages/portal/HomeSection';
import { storeSession } from './app-harness';
import { user } from './fetch-mock';

describe("a home part's offline stamp", () => {
  it("says when the copy was fetched in the reader's zone, as the rest of the home does", () => {
    storeSession(user({ timezone: 'Asia/Singapore' }));
    // 01:30 in UTC is 09:30 in Singapore.
    const fetchedAt = Date.parse('2026-01-05T01:30:00.000Z');
    render(
      <Provider store={createStore()}>
        <HomeSection title="Your next lesson" testId="next-lesson" data={{ status: 'ready', value: 1, fromDevice: true, fetchedAt }} failure="">
          {() => null}
        </HomeSection>
      </Provider>,
    );
    expect(screen.getByTestId('fetched-at')).toHaveTextContent(/^Offline: as of Jan 5, 2026, 9:30\sAM$/);
  });
});
