import AiPlayer from '@kobalab/majiang-ai';

/** `ai_level` 2, common: the majiang-ai player (efficiency with defence and hand-value reading). */
export class CommonRobot extends AiPlayer {}
