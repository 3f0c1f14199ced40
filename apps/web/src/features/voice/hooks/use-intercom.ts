import { useEffect, useRef, useState } from 'react';
import { useRealtimeClient, useSocketSubscription } from '@/shared/realtime';
import { queryClient } from '@/shared/api';
import { endIntercom, refreshAnnouncements, startIntercom, voiceKey } from '../api/voice-api';
import {
  IntercomCall,
  browserEnvironment,
  idleSnapshot,
  type IntercomSnapshot,
  type MediaEnvironment,
} from '../intercom-call';

/**
 * The page's live announcement: start, end, mute, and the `voice` messages of the console socket.
 * Leaving the page (unmount, `pagehide`) ends it.
 */
export function useIntercom(env: () => MediaEnvironment = browserEnvironment) {
  const client = useRealtimeClient();
  const [snapshot, setSnapshot] = useState<IntercomSnapshot>(idleSnapshot);
  const call = useRef<IntercomCall | null>(null);

  useSocketSubscription('voice', (message) => void call.current?.handleSignal(message.data));

  useEffect(() => {
    const leave = () => void call.current?.hangup(true);
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      leave();
    };
  }, []);

  useEffect(() => {
    if (snapshot.state !== 'ended') return;
    void refreshAnnouncements();
    // The robot is free again (or someone else's): ask who holds it now.
    void queryClient.invalidateQueries({ queryKey: [...voiceKey, 'holder'] });
  }, [snapshot.state]);

  const start = (robotId: number, stopAudio = false) => {
    const next = new IntercomCall({
      env: env(),
      start: startIntercom,
      end: endIntercom,
      send: (message) => client?.send(message) ?? false,
      onChange: (value) => {
        if (call.current === next) setSnapshot(value);
      },
    });
    call.current = next;
    void next.begin(robotId, stopAudio);
  };

  return {
    snapshot,
    start,
    hangup: () => void call.current?.hangup(),
    setMicMuted: (muted: boolean) => call.current?.setMicMuted(muted),
    /** Between start and end. */
    active: snapshot.state !== 'idle' && snapshot.state !== 'ended',
  };
}
