/**
 * Text messages for verification codes. None is configured by default: the phone channel is then offered
 * as disabled, with the reason. A deployment provides one by binding SMS_SENDER to an implementation.
 */
export const SMS_SENDER = Symbol('SMS_SENDER');

export interface SmsSender {
  readonly description: string;
  /** `to` is the phone number as stored (xxx-xxx-xxxx). */
  send(to: string, text: string): Promise<void>;
}
