import { describe, expect, it } from 'vitest';
import { authDialogFromParams, signedInInvitationTarget } from './auth-dialog-params';
import { invitationLink } from './trip-invitations';

const context = { pathname: '/', signedIn: false, tripLinkPaths: ['/'] };
const dialogOf = (link: string) => authDialogFromParams(new URL(link).searchParams, context);

describe('invitationLink', () => {
  const base = { accessCode: 'c0de-_x', email: 'ann+trip@b.example', tripId: 'T9' };

  it('gives someone without an account the full invitation set, which opens sign-up prefilled', () => {
    const link = invitationLink('https://wanderly.example', {
      ...base,
      newcomer: { firstname: 'Ann', lastname: '', title: '', countrycode: '', phonenumber: '', lang: 'es-MX' },
    });
    expect(link.startsWith('https://wanderly.example/?accesscode=c0de-_x&email=ann%2Btrip%40b.example&firstname=Ann&lastname=&')).toBe(true);
    expect([...new URL(link).searchParams.keys()]).toEqual(['accesscode', 'email', 'firstname', 'lastname', 'title', 'countrycode', 'phonenumber', 'lang', 'tripid']);
    expect(dialogOf(link)).toMatchObject({ dialog: 'signup', signupMode: 'invitation', prefill: { email: 'ann+trip@b.example', firstname: 'Ann', lang: 'es-MX', tripid: 'T9' } });
  });

  it('gives an account holder accesscode, email and tripid, which opens sign-in and then joins the trip', () => {
    const link = invitationLink('https://wanderly.example', { ...base, newcomer: null });
    expect(link).toBe('https://wanderly.example/?accesscode=c0de-_x&email=ann%2Btrip%40b.example&tripid=T9');
    expect(dialogOf(link)).toMatchObject({ dialog: 'signin', redirectTo: '/trips/join?tripid=T9&accesscode=c0de-_x&email=ann%2Btrip%40b.example' });
  });

  it('sends a signed-in visitor with either link straight to the join page (never the join page onto itself)', () => {
    const params = (link: string) => new URL(link).searchParams;
    const holder = invitationLink('https://wanderly.example', { ...base, newcomer: null });
    expect(signedInInvitationTarget('/', params(holder))).toBe('/trips/join?tripid=T9&accesscode=c0de-_x&email=ann%2Btrip%40b.example');
    expect(signedInInvitationTarget('/trips/join', params('https://w.example/trips/join?tripid=T9&accesscode=c0de-_x'))).toBeNull();
    expect(signedInInvitationTarget('/', params('https://w.example/?tripid=T9'))).toBeNull();
  });
});
