// The rules engine names yaku and draws in Japanese; the table shows them in the reader's language through
// `table.yaku.*` and `table.draws.*`. A name not listed here is shown as the engine gives it.

const YAKU: Record<string, string> = {
  立直: 'riichi',
  ダブル立直: 'doubleRiichi',
  一発: 'ippatsu',
  門前清自摸和: 'tsumo',
  平和: 'pinfu',
  断幺九: 'tanyao',
  一盃口: 'iipeikou',
  二盃口: 'ryanpeikou',
  七対子: 'chiitoitsu',
  三暗刻: 'sanankou',
  三槓子: 'sankantsu',
  三色同刻: 'sanshokuDoukou',
  三色同順: 'sanshoku',
  一気通貫: 'ittsu',
  対々和: 'toitoi',
  混全帯幺九: 'chanta',
  純全帯幺九: 'junchan',
  混一色: 'honitsu',
  清一色: 'chinitsu',
  混老頭: 'honroutou',
  小三元: 'shousangen',
  '翻牌 白': 'haku',
  '翻牌 發': 'hatsu',
  '翻牌 中': 'chun',
  嶺上開花: 'rinshan',
  槍槓: 'chankan',
  海底摸月: 'haitei',
  河底撈魚: 'houtei',
  ドラ: 'dora',
  裏ドラ: 'uraDora',
  赤ドラ: 'akaDora',
  国士無双: 'kokushi',
  国士無双十三面: 'kokushi13',
  四暗刻: 'suuankou',
  四暗刻単騎: 'suuankouTanki',
  大三元: 'daisangen',
  小四喜: 'shousuushii',
  大四喜: 'daisuushii',
  字一色: 'tsuuiisou',
  清老頭: 'chinroutou',
  緑一色: 'ryuuiisou',
  九蓮宝燈: 'chuuren',
  純正九蓮宝燈: 'junseiChuuren',
  四槓子: 'suukantsu',
  天和: 'tenhou',
  地和: 'chiihou',
  人和: 'renhou',
  // guyi_mode (ancient local yaku)
  燕返し: 'tsubameGaeshi',
  槓振り: 'kanburi',
  十二落抬: 'shiiaruRaotai',
  五門斉: 'uumensai',
  三連刻: 'sanrenkou',
  一色三同順: 'isshokuSanjun',
  一筒摸月: 'iipinMoyue',
  九筒撈魚: 'chuupinRaoyui',
  大車輪: 'daisharin',
  大竹林: 'daichikurin',
  大数隣: 'daisuurin',
  石の上にも三年: 'ishinoUenimoSannen',
  大七星: 'daichisei',
  流し満貫: 'nagashi',
};

const WINDS = ['東', '南', '西', '北'];

/** The message key and values of a yaku's name (`場風 東` → round wind with the wind), or null if unknown. */
export function yakuKey(name: string): { key: string; wind?: number } | null {
  const wind = /^(場風|自風) (.)$/.exec(name);
  if (wind) return { key: wind[1] === '場風' ? 'roundWind' : 'seatWind', wind: WINDS.indexOf(wind[2]) };
  const key = YAKU[name];
  return key ? { key } : null;
}

const DRAWS: Record<string, string> = {
  荒牌平局: 'exhaustive',
  九種九牌: 'kyuushu',
  四風連打: 'suufon',
  四家立直: 'suucha',
  四開槓: 'suukaikan',
  三家和: 'sanchahou',
  流し満貫: 'nagashi',
};

/** The message key of a draw's name, or null if unknown. */
export function drawKey(name: string): string | null {
  return DRAWS[name] ?? null;
}
