/**
 * Text messages for verification codes (the port). None is configured by default: the phone channel is then
 * offered as disabled, with the reason. CANS_SMS_GATEWAY_URL binds SMS_SENDER to HttpSmsGatewaySender
 * (http-sms-gateway-sender.ts); tests may bind any implementation.
 */
export const SMS_SENDER = Symbol('SMS_SENDER');

export interface SmsSender {
  readonly description: string;
  /** `to` is the phone number as stored (xxx-xxx-xxxx). */
  send(to: string, text: string): Promise<void>;
}
