// The mobile hand-off: a session carried to another page or site as a one-time code, never as its token. On its
// own, so that the table page reads the parameter without the schemas.

/** Seconds a hand-off code can be exchanged; it is used once. */
export const HANDOFF_CODE_TTL_S = 120;
/** The address parameter that carries a hand-off code (`?handoff=`). */
export const HANDOFF_PARAM = 'handoff';
