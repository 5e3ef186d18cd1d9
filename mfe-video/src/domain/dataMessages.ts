// What travels on the room's data channel (spec §7 "data-channel chat messages"): chat lines, and each
// publisher's mute states so the other side shows them on its remote stream (spec §3 Video stream). JSON,
// checked on the way in: anything else on the channel is ignored, never shown.

/** Longest chat line a sender may send and a receiver shows. */
export const MAX_CHAT_LENGTH = 1000;

interface ChatLine {
  kind: 'chat';
  /** The sender's display name. */
  from: string;
  text: string;
  /** ISO time the sender sent it. */
  sentAt: string;
}

interface MuteStateLine {
  kind: 'state';
  from: string;
  audioMuted: boolean;
  videoMuted: boolean;
}

export type DataLine = ChatLine | MuteStateLine;

export function encodeChat(from: string, text: string, now: Date): string {
  const line: ChatLine = { kind: 'chat', from, text: text.slice(0, MAX_CHAT_LENGTH), sentAt: now.toISOString() };
  return JSON.stringify(line);
}

export function encodeMuteState(from: string, audioMuted: boolean, videoMuted: boolean): string {
  const line: MuteStateLine = { kind: 'state', from, audioMuted, videoMuted };
  return JSON.stringify(line);
}

/** A data-channel text as a DataLine, or null when it is not one of ours. */
export function decodeDataLine(text: string): DataLine | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (typeof v.from !== 'string') return null;
  if (v.kind === 'chat' && typeof v.text === 'string' && typeof v.sentAt === 'string') {
    const text = v.text.trim().slice(0, MAX_CHAT_LENGTH);
    return text ? { kind: 'chat', from: v.from, text, sentAt: v.sentAt } : null;
  }
  if (v.kind === 'state' && typeof v.audioMuted === 'boolean' && typeof v.videoMuted === 'boolean') {
    return { kind: 'state', from: v.from, audioMuted: v.audioMuted, videoMuted: v.videoMuted };
  }
  return null;
}
