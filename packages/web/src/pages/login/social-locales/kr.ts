import type { SocialMessages } from './messages';

// Social login strings, Korean.
const kr: SocialMessages = {
  social: {
    or: '또는',
    loginWith: '{{label}}(으)로 로그인',
    signingIn: '로그인 중…',
    failed: '로그인하지 못했습니다',
    foreign: '이 로그인은 여기에서 시작되지 않았습니다',
    foreignHint:
      '주소에 담긴 로그인은 이 브라우저 탭에서 시작된 것이 아니어서 사용되지 않았습니다. 직접 로그인해 주세요.',
    backToLogin: '로그인 페이지로 돌아가기',
    backToAccount: '계정 페이지로 돌아가기',
    linked: '계정이 연결되었습니다',
    title: '로그인 방법',
    passwordTitle: '비밀번호',
    passwordOn: '설정됨',
    passwordOnHint: '이메일(또는 닉네임)과 이 비밀번호로 로그인할 수 있습니다.',
    passwordNone:
      '이 계정에는 아직 비밀번호가 없습니다. 연결된 계정으로 로그인합니다. 비밀번호를 설정하면 이메일(또는 닉네임)과 비밀번호로도 로그인할 수 있습니다.',
    newPassword: '새 비밀번호',
    confirmPassword: '비밀번호 다시 입력',
    passwordRule: '6~64자',
    passwordMismatch: '두 비밀번호가 다릅니다',
    setPassword: '비밀번호 설정',
    passwordSet: '비밀번호를 설정했습니다',
    linkedTitle: '연결된 계정',
    linkWith: '{{label}} 연결',
    noneLinked: '연결된 계정이 없습니다',
    provider: '서비스',
    email: '이메일',
    linkedAt: '연결 시각',
    unlink: '연결 해제',
    unlinkConfirm: '{{label}} 연결을 해제할까요?',
    unlinkHint: '이 {{label}} 계정으로 더 이상 로그인할 수 없습니다(나중에 다시 연결할 수 있습니다).',
    unlinked: '연결을 해제했습니다',
    lastWay:
      '이 계정에 로그인할 수 있는 유일한 방법입니다. 해제하기 전에 비밀번호를 설정하거나 다른 계정을 연결해 주세요.',
  },
};

export default kr;
