import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, signedInApi, storeSession } from './app-harness';
import { mockApi, user } from './fetch-mock';

const THEO = user({ _id: 'user_tutor', firstname: 'Theo', lastname: 'Tutor', role: { name: 'TUTOR', isGuest: false } });

describe("the dashboard's words", () => {
  it('tell a tutor their course chats are with their students, and a student theirs are with their tutors', async () => {
    storeSession(THEO);
    mockApi(signedInApi(THEO));
    const tutorView = renderApp('/dashboard');
    expect(await screen.findByText(/Chats with your students are in each course\./)).toBeInTheDocument();
    expect(screen.queryByText(/Chats with your tutors/)).toBeNull();
    tutorView.dispose();
    document.body.innerHTML = '';
    localStorage.clear();

    const SAM = user();
    storeSession(SAM);
    mockApi({ ...signedInApi(SAM), 'GET /api/quizzes': () => new Response('{"docs":[],"totalDocs":0,"limit":6,"offset":0}') });
    renderApp('/dashboard');
    expect(await screen.findByText(/Chats with your tutors are in each course\./)).toBeInTheDocument();
  });
});
