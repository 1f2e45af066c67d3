import type { SocialMessages } from './messages';

// Social login strings, Traditional Chinese.
const chs_t: SocialMessages = {
  social: {
    or: '或',
    loginWith: '使用 {{label}} 登入',
    signingIn: '正在登入…',
    failed: '登入失敗',
    foreign: '此登入不是在這裡發起的',
    foreignHint: '網址中的登入並非由此瀏覽器分頁發起，因此未被使用。請自行登入。',
    backToLogin: '返回登入頁',
    backToAccount: '返回帳號頁',
    linked: '已連結帳號',
    title: '登入方式',
    passwordTitle: '密碼',
    passwordOn: '已設定',
    passwordOnHint: '可以使用電子郵件（或暱稱）和此密碼登入。',
    passwordNone: '此帳號尚無密碼：透過連結的帳號登入。設定密碼後也可用電子郵件（或暱稱）和密碼登入。',
    newPassword: '新密碼',
    confirmPassword: '再次輸入密碼',
    passwordRule: '6 到 64 個字元',
    passwordMismatch: '兩次輸入的密碼不一致',
    setPassword: '設定密碼',
    passwordSet: '密碼已設定',
    linkedTitle: '連結的帳號',
    linkWith: '連結 {{label}}',
    noneLinked: '尚無連結的帳號',
    provider: '服務',
    email: '電子郵件',
    linkedAt: '連結時間',
    unlink: '取消連結',
    unlinkConfirm: '取消連結 {{label}}？',
    unlinkHint: '之後將無法再用這個 {{label}} 帳號登入（之後可以重新連結）。',
    unlinked: '已取消連結',
    lastWay: '這是此帳號唯一的登入方式：取消連結前請先設定密碼或連結其他帳號。',
  },
};

export default chs_t;
