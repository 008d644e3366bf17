// Following NOTIFY channels (architecture §6): each process LISTENs once per channel and opened
// database, and fans each payload out to whoever follows that key (a booking's id, a user's id).
// A payload is the key, then optionally a space and the correlation id of what caused it, so the
// instance that delivers the change logs under the request that made it (issue 38 item 7).
import { EventEmitter } from 'node:events';
import { singleton } from '~/utils/singleton.server';
import { type OpenedDatabase, getOpenedDatabase } from './db.server';

// Shared by both copies of the app modules (server and Remix bundle).
const feeds = singleton('notify-feeds', () => new WeakMap<OpenedDatabase, Map<string, Promise<EventEmitter>>>());

function feedOf(opened: OpenedDatabase, channel: string): Promise<EventEmitter> {
  const channels = feeds.get(opened) ?? new Map<string, Promise<EventEmitter>>();
  feeds.set(opened, channels);
  let feed = channels.get(channel);
  if (!feed) {
    const events = new EventEmitter().setMaxListeners(0);
    // After a gap every follower reads again: a notification may have been missed.
    const onGap = () => events.eventNames().forEach((key) => events.emit(key));
    const onNotify = (payload: string) => {
      const space = payload.indexOf(' ');
      if (space < 0) events.emit(payload);
      else events.emit(payload.slice(0, space), payload.slice(space + 1));
    };
    feed = opened.listen(channel, onNotify, onGap).then(() => events);
    // A failed LISTEN (database down) is tried again by the next follower.
    feed.catch(() => channels.delete(channel));
    channels.set(channel, feed);
  }
  return feed;
}

/** The payload that notifies `key`'s followers, naming the correlation id the change was made under. */
export const notificationOf = (key: string, cause: string | null): string => (cause ? `${key} ${cause}` : key);

/**
 * Calls `onNotify` after each committed NOTIFY of `key` on `channel`, with the correlation id it
 * names, and after a gap (without one), until the returned stop is called.
 */
export async function watchNotifications(channel: string, key: string, onNotify: (cause?: string) => void): Promise<() => void> {
  const events = await feedOf(getOpenedDatabase(), channel);
  events.on(key, onNotify);
  return () => void events.off(key, onNotify);
}
