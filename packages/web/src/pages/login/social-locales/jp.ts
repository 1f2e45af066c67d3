import type { SocialMessages } from './messages';

// Social login strings, Japanese.
const jp: SocialMessages = {
  social: {
    or: 'または',
    loginWith: '{{label}} でログイン',
    signingIn: 'ログインしています…',
    failed: 'ログインできませんでした',
    foreign: 'このログインはここで開始されたものではありません',
    foreignHint:
      'アドレスのログインはこのブラウザのタブで開始されたものではないため、使用されませんでした。ご自身でログインしてください。',
    backToLogin: 'ログインページに戻る',
    backToAccount: 'アカウントページに戻る',
    linked: 'アカウントを連携しました',
    title: 'ログイン方法',
    passwordTitle: 'パスワード',
    passwordOn: '設定済み',
    passwordOnHint: 'メールアドレス（またはニックネーム）とこのパスワードでログインできます。',
    passwordNone:
      'このアカウントにはまだパスワードがありません。連携したアカウントでログインします。パスワードを設定すると、メールアドレス（またはニックネーム）とパスワードでもログインできます。',
    newPassword: '新しいパスワード',
    confirmPassword: 'パスワードをもう一度',
    passwordRule: '6～64文字',
    passwordMismatch: 'パスワードが一致しません',
    setPassword: 'パスワードを設定',
    passwordSet: 'パスワードを設定しました',
    linkedTitle: '連携アカウント',
    linkWith: '{{label}} を連携',
    noneLinked: '連携しているアカウントはありません',
    provider: 'サービス',
    email: 'メールアドレス',
    linkedAt: '連携日時',
    unlink: '連携解除',
    unlinkConfirm: '{{label}} の連携を解除しますか？',
    unlinkHint: 'この {{label}} アカウントではログインできなくなります（後で再び連携できます）。',
    unlinked: '連携を解除しました',
    lastWay:
      'これはこのアカウントの唯一のログイン方法です。解除する前にパスワードを設定するか、別のアカウントを連携してください。',
  },
};

export default jp;
