import type { Attached, StreamFailure } from './stream-controller';

/** Waits (at most `ms`) for the ICE candidates to be gathered, so the offer carries them (no trickle). */
function iceGathered(pc: RTCPeerConnection, ms: number): Promise<void> {
  if (pc.iceGatheringState === 'complete') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      pc.removeEventListener('icegatheringstatechange', check);
      clearTimeout(timer);
      resolve();
    };
    const check = () => {
      if (pc.iceGatheringState === 'complete') done();
    };
    const timer = setTimeout(done, ms);
    pc.addEventListener('icegatheringstatechange', check);
  });
}

/**
 * A small WHEP client (RFC 9725): receive-only video and audio, the SDP offer POSTed as
 * `application/sdp`, the answer applied; the session's resource (the `Location` answered) is
 * DELETEd when the player stops.
 */
export async function attachWhep(
  video: HTMLVideoElement,
  url: string,
  fail: (failure: StreamFailure) => void,
): Promise<Attached> {
  const pc = new RTCPeerConnection();
  let resource: string | null = null;
  let closed = false;
  const detach = () => {
    if (closed) return;
    closed = true;
    pc.close();
    video.srcObject = null;
    if (resource) void fetch(resource, { method: 'DELETE' }).catch(() => undefined);
  };
  try {
    pc.addTransceiver('video', { direction: 'recvonly' });
    pc.addTransceiver('audio', { direction: 'recvonly' });
    const stream = new MediaStream();
    pc.ontrack = (event) => {
      stream.addTrack(event.track);
      if (video.srcObject !== stream) video.srcObject = stream;
      void video.play().catch(() => undefined);
    };
    pc.onconnectionstatechange = () => {
      if (!closed && (pc.connectionState === 'failed' || pc.connectionState === 'closed')) fail({ offline: false });
    };
    await pc.setLocalDescription(await pc.createOffer());
    await iceGathered(pc, 2000);
    const answer = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/sdp' },
      body: pc.localDescription?.sdp ?? '',
    });
    if (!answer.ok) {
      detach();
      fail({ offline: answer.status === 404, message: answer.status === 404 ? undefined : `HTTP ${answer.status}` });
      return { detach };
    }
    const location = answer.headers.get('Location');
    resource = location ? new URL(location, new URL(url, window.location.href)).href : null;
    await pc.setRemoteDescription({ type: 'answer', sdp: await answer.text() });
  } catch (error) {
    detach();
    throw error;
  }
  return { detach };
}
