/** Well-formed IDs that no account has. */
export const UNKNOWN_MEMORY = 'mem_01JD2X5Y7Z8A9B0C1D2E3F4G5H';
export const UNKNOWN_SUBJECT = 'sub_01JD2X5Y7Z8A9B0C1D2E3F4G5H';
export const UNKNOWN_FACT = 'fct_01JD2X5Y7Z8A9B0C1D2E3F4G5H';
export const UNKNOWN_SUGGESTION = 'fsg_01JD2X5Y7Z8A9B0C1D2E3F4G5H';
export const UNKNOWN_INSIGHT = 'ins_01JD2X5Y7Z8A9B0C1D2E3F4G5H';
export const UNKNOWN_TEMPLATE = 'tpl_01JD2X5Y7Z8A9B0C1D2E3F4G5H';

/** An ID of this prefix: the prefix, an underscore and a ULID. */
export const idPattern = (prefix: string): RegExp => new RegExp(`^${prefix}_[0-9A-HJKMNP-TV-Z]{26}$`);
