import * as decoding from 'lib0/decoding';
import { useCallback, useEffect, useState } from 'react';
import type { WebsocketProvider } from 'y-websocket';
import { type RecordingFrame, recordingFrame } from '../../../../schema/contracts/lesson-recordings';
import { DOC_MESSAGE_RECORDING } from '../../../../schema/contracts/realtime';
import { errorToastText } from '../../../lib/errors';
import { useToast } from '../../../ui/toast/use-toast';
import { ChunkRecorder, recordingMimeType } from './chunk-recorder';
import { ChunkRefused, recordingCalls } from './recording-api';

export const RECORDING_OFF: RecordingFrame = { type: 'recordingState', state: 'off', askedBy: null, startedAt: null, people: [] };

export type MicState = { state: 'idle' | 'starting' | 'recording' } | { state: 'problem'; message: string };

/** What a refused or missing microphone means for the person, in their words. */
export function micProblem(error: unknown) {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError') return 'Your browser did not allow the microphone, so your audio is not recorded. Allow it and agree again.';
  if (name === 'NotFoundError') return 'No microphone was found, so your audio is not recorded.';
  return 'Your microphone could not be opened, so your audio is not recorded.';
}

function parseFrame(text: string) {
  try {
    const parsed = recordingFrame.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The lesson's recording as this tab sees it: the state the board's room sends (checked by its contract), this
 * person's word, and their own microphone recorded while the recording runs and they agreed.
 */
export function useRecording({
  sectionId,
  provider,
  userId,
  leads,
  ended,
}: {
  sectionId: string;
  provider: WebsocketProvider;
  userId: string;
  leads: boolean;
  ended: boolean;
}) {
  const toast = useToast();
  const [frame, setFrame] = useState<RecordingFrame>(RECORDING_OFF);
  const [mic, setMic] = useState<MicState>({ state: 'idle' });
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    provider.messageHandlers[DOC_MESSAGE_RECORDING] = (_encoder, decoder) => {
      const next = parseFrame(decoding.readVarString(decoder));
      if (next) setFrame(next);
    };
    return () => {
      delete provider.messageHandlers[DOC_MESSAGE_RECORDING];
    };
  }, [provider]);

  const mine = frame.people.find((person) => person.userId === userId)?.decision ?? 'pending';
  const recordMe = frame.state === 'recording' && mine === 'agreed' && !ended;

  useEffect(() => {
    if (!recordMe) return;
    let cancelled = false;
    let recorder: ChunkRecorder | null = null;
    setMic({ state: 'starting' });
    navigator.mediaDevices.getUserMedia({ audio: true }).then(
      (stream) => {
        const mimeType = recordingMimeType(false);
        if (cancelled || !mimeType) {
          for (const track of stream.getTracks()) track.stop();
          if (!mimeType) setMic({ state: 'problem', message: 'This browser cannot record audio, so your audio is not recorded.' });
          return;
        }
        recorder = new ChunkRecorder({
          stream,
          mimeType,
          send: (chunk) => recordingCalls.upload(sectionId, chunk),
          isFinal: (error) => error instanceof ChunkRefused && error.status < 500,
          onFailure: (error) =>
            setMic({
              state: 'problem',
              message: error instanceof ChunkRefused ? error.message : 'Your recording could not be saved: the connection was lost.',
            }),
        });
        setMic({ state: 'recording' });
      },
      (error: unknown) => !cancelled && setMic({ state: 'problem', message: micProblem(error) }),
    );
    return () => {
      cancelled = true;
      void recorder?.stop();
      setMic({ state: 'idle' });
    };
  }, [recordMe, sectionId]);

  // Ending the lesson ends its recording; the tutor's tab says so to the room.
  const running = frame.state !== 'off';
  useEffect(() => {
    if (ended && leads && running) recordingCalls.switch(sectionId, false).then(setFrame, () => undefined);
  }, [ended, leads, running, sectionId]);

  const act = useCallback(
    async (call: () => Promise<RecordingFrame>) => {
      setBusy(true);
      try {
        setFrame(await call());
      } catch (error) {
        toast.error(errorToastText(error));
      } finally {
        setBusy(false);
      }
    },
    [toast],
  );

  return {
    frame,
    mine,
    mic,
    busy,
    switchTo: (on: boolean) => act(() => recordingCalls.switch(sectionId, on)),
    decide: (agree: boolean) => act(() => recordingCalls.decide(sectionId, agree)),
  };
}

export type RecordingView = ReturnType<typeof useRecording>;
