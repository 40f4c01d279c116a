// Game ids as ../shared/FORMATS.md writes them, one pattern for every reader (a rules file's id
// and its variants' ids, a position's or a results row's game).

/** A game's id, or a variant's within its game: lower-case words of letters and digits joined by `-`. */
export const GAME_WORDS = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The id of a game or of one of its variants: `GAME` or `GAME:VARIANT`. */
export const GAME_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*(?::[a-z0-9]+(?:-[a-z0-9]+)*)?$/;
