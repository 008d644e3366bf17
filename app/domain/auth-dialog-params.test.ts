import { describe, expect, it } from 'vitest';
import { authDialogFromParams, withoutParams } from './auth-dialog-params';

const ctx = { pathname: '/', signedIn: false, tripLinkPaths: ['/', '/home'] };
const decide = (query: string, over: Partial<typeof ctx> = {}) => authDialogFromParams(new URLSearchParams(query), { ...ctx, ...over });

describe('auth dialogs from query parameters', () => {
  it('opens nothing without parameters', () => {
    expect(decide('')).toEqual({ dialog: null });
  });

  it('type=email opens sign-up in e-mail mode', () => {
    expect(decide('type=email')).toMatchObject({ dialog: 'signup', signupMode: 'email' });
  });

  it('signup=true and register=true open sign-up', () => {
    expect(decide('signup=true')).toMatchObject({ dialog: 'signup', signupMode: 'choose' });
    expect(decide('register=true')).toMatchObject({ dialog: 'signup', signupMode: 'choose' });
    expect(decide('signup=false')).toEqual({ dialog: null });
  });

  it('login=true opens sign-in and keeps a same-site redirectTo only', () => {
    expect(decide('login=true&redirectTo=%2Fuser%2Fprofile')).toMatchObject({ dialog: 'signin', redirectTo: '/user/profile' });
    expect(decide('login=true&redirectTo=https%3A%2F%2Fevil.example')).toMatchObject({ dialog: 'signin', redirectTo: null });
    expect(decide('login=true&redirectTo=%2F%2Fevil.example')).toMatchObject({ redirectTo: null });
  });

  it('forgot=true opens forgot-password', () => {
    expect(decide('forgot=true')).toMatchObject({ dialog: 'forgot' });
  });

  it('the full invitation set opens sign-up prefilled', () => {
    const q = 'accesscode=AC1&email=a%40b.example&firstname=Ann&lastname=Lee&title=Ms&countrycode=MX&phonenumber=555&lang=es-MX&tripid=T9';
    const state = decide(q);
    expect(state).toMatchObject({
      dialog: 'signup',
      signupMode: 'invitation',
      prefill: { accesscode: 'AC1', email: 'a@b.example', firstname: 'Ann', lastname: 'Lee', tripid: 'T9' },
    });
    if (state.dialog) expect(state.consumed).toContain('phonenumber');
    // A detail the inviter did not know comes empty; the code, e-mail and trip may not.
    expect(decide('accesscode=AC1&email=a%40b.example&firstname=&lastname=&title=&countrycode=&phonenumber=&lang=es-MX&tripid=T9')).toMatchObject({
      dialog: 'signup',
      signupMode: 'invitation',
      prefill: { firstname: '', title: '', accesscode: 'AC1' },
    });
    expect(decide('accesscode=&email=a%40b.example&firstname=Ann&lastname=Lee&title=Ms&countrycode=MX&phonenumber=555&lang=es-MX&tripid=T9').dialog).not.toBe('signup');
  });

  it('accesscode with email and tripid (without the rest) opens sign-in prefilled, then joins the trip', () => {
    expect(decide('accesscode=AC1&email=a%40b.example&tripid=T9')).toMatchObject({
      dialog: 'signin',
      prefill: { email: 'a@b.example', accesscode: 'AC1', tripid: 'T9' },
      redirectTo: '/trips/join?tripid=T9&accesscode=AC1&email=a%40b.example',
    });
    expect(decide('accesscode=AC1&email=a%40b.example')).toEqual({ dialog: null });
  });

  it('a trip link on a trip-link path asks an anonymous visitor to sign in, then lands on my trips', () => {
    expect(decide('trip_id=42')).toMatchObject({ dialog: 'signin', redirectTo: '/user/my-trips?trip_id=42&workarea=viewMyTrips' });
    expect(decide('tripid=42', { pathname: '/hotels' })).toEqual({ dialog: null });
  });

  it('opens nothing for a signed-in visitor', () => {
    expect(decide('login=true', { signedIn: true })).toEqual({ dialog: null });
  });

  it('drops the consumed parameters and keeps the others', () => {
    expect(withoutParams('/home', new URLSearchParams('login=true&currency=EUR'), ['login', 'redirectTo'])).toBe('/home?currency=EUR');
    expect(withoutParams('/', new URLSearchParams('login=true'), ['login'])).toBe('/');
  });
});
