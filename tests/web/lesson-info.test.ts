import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLessonInfo } from '../../web/features/lesson-rooms/lesson-info';
import { keepDeviceCopy } from '../../web/lib/device-copy';
import { json, mockApi } from './fetch-mock';

const info = (title: string) => ({
  section: { _id: 'section_1', title, start: null, duration: 60 },
  course: { _id: 'course_1', title: 'Maths' },
  canEdit: true,
  leads: false,
});

const never = () => new Promise<Response>(() => undefined);

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('studyhall.token', 'token-1');
  localStorage.setItem('studyhall.actingUserId', 'user_sam');
});
afterEach(() => vi.unstubAllGlobals());

describe("the lesson room's details", () => {
  it('open from the copy kept on this device at once, while the server has not answered (a Wi-Fi that carries nothing)', () => {
    keepDeviceCopy('lesson-room.section_1', info('Quadratics'));
    mockApi({ 'GET /api/lesson-rooms/section_1': never });
    const { result } = renderHook(() => useLessonInfo('section_1'));
    expect(result.current.load).toEqual({ state: 'ready', info: info('Quadratics') });
  });

  it("take the server's answer when it differs, and keep it for the next time", async () => {
    keepDeviceCopy('lesson-room.section_1', info('Quadratics'));
    mockApi({ 'GET /api/lesson-rooms/section_1': () => json(info('Quadratics, part 2')) });
    const { result } = renderHook(() => useLessonInfo('section_1'));
    await waitFor(() => expect(result.current.load).toEqual({ state: 'ready', info: info('Quadratics, part 2') }));
    const again = renderHook(() => useLessonInfo('section_1'));
    expect(again.result.current.load).toEqual({ state: 'ready', info: info('Quadratics, part 2') });
  });

  it('give way to a refusal from the server, and forget the copy', async () => {
    keepDeviceCopy('lesson-room.section_1', info('Quadratics'));
    mockApi({ 'GET /api/lesson-rooms/section_1': () => json({ message: 'You are not in this course' }, 403) });
    const { result } = renderHook(() => useLessonInfo('section_1'));
    await waitFor(() => expect(result.current.load).toEqual({ state: 'refused', message: 'You are not in this course' }));
    mockApi({ 'GET /api/lesson-rooms/section_1': never });
    expect(renderHook(() => useLessonInfo('section_1')).result.current.load).toEqual({ state: 'loading' });
  });

  it('stay on the copy when the network fails, and fail only without one', async () => {
    keepDeviceCopy('lesson-room.section_1', info('Quadratics'));
    mockApi({});
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const { result } = renderHook(() => useLessonInfo('section_1'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(result.current.load).toEqual({ state: 'ready', info: info('Quadratics') });
    const other = renderHook(() => useLessonInfo('section_2'));
    await waitFor(() => expect(other.result.current.load).toEqual({ state: 'failed' }));
  });

  it('kept for one person are not opened for another on the same device', () => {
    keepDeviceCopy('lesson-room.section_1', info('Quadratics'));
    localStorage.setItem('studyhall.actingUserId', 'user_maya');
    mockApi({ 'GET /api/lesson-rooms/section_1': never });
    expect(renderHook(() => useLessonInfo('section_1')).result.current.load).toEqual({ state: 'loading' });
  });
});
