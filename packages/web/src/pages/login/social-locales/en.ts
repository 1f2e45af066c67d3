import type { SocialMessages } from './messages';

// Social login strings, English.
const en: SocialMessages = {
  social: {
    or: 'or',
    loginWith: 'Log in with {{label}}',
    signingIn: 'Signing you in…',
    failed: 'Signing in did not work',
    foreign: 'This sign-in was not started here',
    foreignHint:
      'The address carries a sign-in that this browser tab did not start, so it was not used. Log in yourself instead.',
    backToLogin: 'Back to the login page',
    backToAccount: 'Back to your account',
    linked: 'Account linked',
    title: 'Ways to log in',
    passwordTitle: 'Password',
    passwordOn: 'Set',
    passwordOnHint: 'You can log in with your e-mail (or nickname) and this password.',
    passwordNone:
      'This account has no password yet: it logs in through a linked account. Set one to also log in with your e-mail (or nickname) and password.',
    newPassword: 'New password',
    confirmPassword: 'Repeat the password',
    passwordRule: '6 to 64 characters',
    passwordMismatch: 'The two passwords differ',
    setPassword: 'Set password',
    passwordSet: 'Password set',
    linkedTitle: 'Linked accounts',
    linkWith: 'Link {{label}}',
    noneLinked: 'No linked accounts',
    provider: 'Provider',
    email: 'E-mail',
    linkedAt: 'Linked',
    unlink: 'Unlink',
    unlinkConfirm: 'Unlink {{label}}?',
    unlinkHint:
      'You will no longer be able to log in with this {{label}} account (you can link it again later).',
    unlinked: 'Unlinked',
    lastWay:
      'This is the only way to log in to this account: set a password or link another account before unlinking it.',
  },
};

export default en;
