// The player portal's strings (`portal.*`) in the fallback language, which gives every portal locale its keys
// (messages.ts). Loaded with the portal (index.ts), never with the console; the table has its own
// (pages/play/table/locales).

const chs = {
  portal: {
    nav: {
      label: '玩家页面',
      tournaments: '我的比赛',
      records: '我的牌谱',
    },
    home: {
      title: '我的比赛',
      empty: '你还没有报名任何比赛。',
      emptyHint: '在下方输入主办方给你的比赛 ID 来找到比赛。',
    },
    signup: {
      pending: '待审核',
      accepted: '已在名单中',
      rejected: '未通过',
    },
    lobby: {
      notStarted: '赛季开始后开放大厅。',
      over: '本赛季已结束，大厅已关闭。',
      ready: '准备对局',
      readyOn: '你已准备。请停留在此页面：对局开始时会自动入座。',
      readyOff: '准备好入座时请打开。',
      readyHint: '仅在此页面打开时保持准备状态。',
      connecting: '连接中…',
      reconnecting: '连接中断，正在重连…',
      connected: '已进入大厅',
      playing: '你的对局正在进行',
      playingHint: '你离开期间，系统会代为出牌。',
      backToTable: '返回牌桌',
      nextGame: '我的下一场对局',
      noGame: '暂时没有为你安排对局。',
      startsAt: '开始时间',
      readyBy: '准备截止',
      robot: '电脑',
      nextGameHint: '所有玩家准备后对局开始。',
    },
    chat: {
      title: '聊天',
      empty: '还没有消息。',
      placeholder: '输入消息',
      send: '发送',
      stamps: '表情',
      stamp: '表情',
      organiser: '主办方',
      moderator: '你可以删除消息',
      delete: '删除',
      deleteConfirm: '为所有人删除这条消息？',
      off: '此服务器未开放聊天。',
      code: '（代码 {{code}}）',
      refused: {
        whitelist: '本赛季只有主办方指定的玩家可以聊天。',
        blacklist: '主办方已关闭你在本赛季聊天中的发言。',
        flood: '发送过快，请稍等几秒。',
        stamps_off: '本比赛已关闭表情。',
      },
    },
    ranking: {
      title: '赛季排名',
      empty: '还没有人上榜。',
      rank: '名次',
      player: '玩家',
      score: '分数',
      games: '局数',
      you: '你',
      short: '局数不足',
      more: '显示更多（共 {{count}} 人）',
    },
    results: {
      title: '我的近期战绩',
      empty: '本赛季还没有对局。',
      all: '全部牌谱',
      score: '{{score}}',
      points: '{{points}} 点',
      replay: '回放',
    },
    place: {
      '1': '一位',
      '2': '二位',
      '3': '三位',
      '4': '四位',
    },
    records: {
      title: '我的牌谱',
      total: '对局数：{{count}}',
      empty: '还没有牌谱。',
      emptyHint: '结束的对局会显示在这里，可以回放。',
      removed: '已被主办方移除',
      replay: '回放',
    },
  },
};

export default chs;
