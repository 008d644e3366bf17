// Following NOTIFY channels (architecture §6): each process LISTENs once per channel and opened
// database, and fans each payload out to whoever follows that key (a booking's id, a user's id).
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
    feed = opened.listen(channel, (key) => events.emit(key), onGap).then(() => events);
    // A failed LISTEN (database down) is tried again by the next follower.
    feed.catch(() => channels.delete(channel));
    channels.set(channel, feed);
  }
  return feed;
}

/** Calls `onNotify` after each committed NOTIFY of `key` on `channel` (and after a gap) until the returned stop is called. */
export async function watchNotifications(channel: string, key: string, onNotify: () => void): Promise<() => void> {
  const events = await feedOf(getOpenedDatabase(), channel);
  events.on(key, onNotify);
  return () => void events.off(key, onNotify);
}
