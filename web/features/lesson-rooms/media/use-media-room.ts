import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { WebsocketProvider } from 'y-websocket';
import { MESH_MAX_VIDEO_SENDERS, type MediaState } from '../../../../schema/contracts/av-signal';
import { type ChosenDevices, readChosenDevices, saveChosenDevices } from '../../../lib/chosen-devices';
import { avCalls } from './av-api';
import { listInputs, openScreen, openTrack } from './local-media';
import type { AdapterSnapshot, LocalTracks, MediaAdapter } from './media-adapter';
import { type DeviceProblem, VIDEO_LIMIT_WORDS } from './media-words';
import { MeshAdapter } from './mesh-adapter';
import { boardSignalChannel } from './signal-channel';
import { callConfig } from './warm-call';

const empty: AdapterSnapshot = { selfId: null, online: false, peers: [], refusal: null };
const noop = () => () => {};

/** Who may still send video in a mesh: each sender uploads to every other person. */
export function videoRoomFor(peers: { media: MediaState }[], mode: 'mesh' | 'sfu') {
  return mode === 'sfu' || peers.filter((p) => p.media.camera || p.media.screen).length < MESH_MAX_VIDEO_SENDERS;
}

/**
 * The call on this device: the adapter (mesh or SFU, from the room's configuration), this person's microphone,
 * camera and screen, their devices, and what went wrong in words.
 */
export function useMediaRoom({ sectionId, provider, watching }: { sectionId: string; provider: WebsocketProvider; watching: boolean }) {
  const [adapter, setAdapter] = useState<MediaAdapter | null>(null);
  const [setupFailed, setSetupFailed] = useState(false);
  const [tracks, setTracks] = useState<LocalTracks>({ audio: null, camera: null, screen: null });
  const [micOn, setMicOn] = useState(false);
  const [problem, setProblem] = useState<DeviceProblem | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [devices, setDevices] = useState<MediaDeviceInfo[]>([]);
  const [chosen, setChosen] = useState<ChosenDevices>(() => readChosenDevices() ?? {});
  const tracksRef = useRef(tracks);
  tracksRef.current = tracks;

  useEffect(() => {
    let made: MediaAdapter | null = null;
    let cancelled = false;
    void callConfig(sectionId)
      .then(async (config) => {
        if (cancelled) return;
        const channel = boardSignalChannel(provider);
        if (config.mode === 'sfu') {
          // The SFU adapter is only fetched where a video service is configured.
          const { SfuAdapter } = await import('./sfu-adapter');
          made = new SfuAdapter(channel, config.iceServers, watching, (request) => avCalls.sfu(sectionId, request));
        } else made = new MeshAdapter(channel, config.iceServers, watching);
        if (cancelled) made.close();
        else setAdapter(made);
      })
      .catch(() => {
        if (!cancelled) setSetupFailed(true);
      });
    return () => {
      cancelled = true;
      made?.close();
      setAdapter(null);
    };
  }, [sectionId, provider, watching]);

  useEffect(
    () => () => {
      for (const track of Object.values(tracksRef.current)) track?.stop();
    },
    [],
  );

  const snapshot = useSyncExternalStore(adapter?.subscribe ?? noop, adapter?.getSnapshot ?? (() => empty));
  const media: MediaState = { mic: Boolean(tracks.audio) && micOn, camera: Boolean(tracks.camera), screen: Boolean(tracks.screen) };

  useEffect(() => {
    adapter?.setLocal(
      { ...tracks, audio: micOn ? tracks.audio : null },
      { mic: Boolean(tracks.audio) && micOn, camera: Boolean(tracks.camera), screen: Boolean(tracks.screen) },
    );
  }, [adapter, tracks, micOn]);

  const refreshDevices = useCallback(() => void listInputs().then(setDevices), []);
  useEffect(() => {
    refreshDevices();
    navigator.mediaDevices?.addEventListener?.('devicechange', refreshDevices);
    return () => navigator.mediaDevices?.removeEventListener?.('devicechange', refreshDevices);
  }, [refreshDevices]);

  const replace = (kind: keyof LocalTracks, track: MediaStreamTrack | null) => {
    setTracks((current) => {
      if (current[kind] && current[kind] !== track) current[kind]!.stop();
      return { ...current, [kind]: track };
    });
  };

  const toggleMic = async () => {
    if (watching) return;
    if (tracks.audio) return setMicOn((on) => !on);
    const opened = await openTrack('audio', chosen.audioInput);
    if (!opened.ok) return setProblem(opened.problem);
    setProblem(null);
    replace('audio', opened.track);
    setMicOn(true);
    refreshDevices();
  };

  const toggleCamera = async () => {
    if (watching) return;
    if (tracks.camera) return replace('camera', null);
    if (!videoRoomFor(snapshot.peers, adapter?.mode ?? 'mesh')) return setNotice(VIDEO_LIMIT_WORDS);
    const opened = await openTrack('video', chosen.videoInput);
    if (!opened.ok) return setProblem(opened.problem);
    setProblem(null);
    setNotice(null);
    replace('camera', opened.track);
    refreshDevices();
  };

  const toggleScreen = async () => {
    if (watching) return;
    if (tracks.screen) return replace('screen', null);
    if (!tracks.camera && !videoRoomFor(snapshot.peers, adapter?.mode ?? 'mesh')) return setNotice(VIDEO_LIMIT_WORDS);
    const track = await openScreen();
    if (!track) return;
    // The browser's own "Stop sharing" ends the track; the tile goes with it.
    track.addEventListener('ended', () => setTracks((current) => (current.screen === track ? { ...current, screen: null } : current)));
    replace('screen', track);
  };

  const chooseDevice = async (kind: 'audioinput' | 'videoinput', deviceId: string) => {
    const change = kind === 'audioinput' ? { audioInput: deviceId } : { videoInput: deviceId };
    setChosen((current) => ({ ...current, ...change }));
    saveChosenDevices(change);
    const live = kind === 'audioinput' ? tracks.audio : tracks.camera;
    if (!live) return;
    const opened = await openTrack(kind === 'audioinput' ? 'audio' : 'video', deviceId);
    if (!opened.ok) return setProblem(opened.problem);
    setProblem(null);
    replace(kind === 'audioinput' ? 'audio' : 'camera', opened.track);
  };

  return {
    mode: adapter?.mode ?? null,
    setupFailed,
    snapshot,
    tracks,
    media,
    problem,
    notice,
    devices,
    chosen,
    toggleMic,
    toggleCamera,
    toggleScreen,
    chooseDevice,
  };
}
export type MediaRoom = ReturnType<typeof useMediaRoom>;
