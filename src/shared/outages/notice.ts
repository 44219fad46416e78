/** Chilean consumer bodies expect a planned cut announced at least 48 hours ahead. */
export const PLANNED_NOTICE_HOURS = 48;
