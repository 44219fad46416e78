/** Where the phone provider posts: the texts to the utility's number, and each message's statuses. */
export const PHONE_INBOUND_PATH = '/api/sms/entrante';
export const PHONE_STATUS_PATH = '/api/sms/estado';
