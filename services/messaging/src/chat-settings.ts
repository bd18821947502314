// Driver chat's configuration: whether it is on, where it goes (the platform's CHAT_/WHATSAPP_
// variables) and the approved template the duty goes as. Outside production it is on by default with
// the log provider, so a demo shows chat alive; production chats only when CHAT_PROVIDER=whatsapp is
// configured (with its token, number id, app secret and verify token), and otherwise texts as before.
import {
  type ChatSettings,
  chatConfigShape,
  chatLanguageCodeSchema,
  chatSettingsOf,
  chatTemplateNameSchema,
  checkChatConfig,
  type Environment,
  loadConfig,
} from '@fleet/platform';
import { z } from 'zod';
import type { DutyTemplate } from './use-cases/driver-chat';

const driverChatSchema = z
  .object({
    ...chatConfigShape,
    DRIVER_CHAT: z.enum(['on', 'off'], { message: 'expected on or off' }).optional(),
    WHATSAPP_DUTY_TEMPLATE: chatTemplateNameSchema.default('driver_duty_allotment'),
    WHATSAPP_DUTY_TEMPLATE_LANGUAGE: chatLanguageCodeSchema.default('en'),
  })
  .superRefine((config, ctx) => {
    if (driverChatOn(config)) checkChatConfig(config, ctx);
  });

type DriverChatConfig = z.infer<typeof driverChatSchema>;

function driverChatOn(config: Pick<DriverChatConfig, 'DRIVER_CHAT' | 'NODE_ENV' | 'CHAT_PROVIDER'>): boolean {
  if (config.DRIVER_CHAT) return config.DRIVER_CHAT === 'on';
  return config.NODE_ENV !== 'production' || config.CHAT_PROVIDER !== undefined;
}

export type DriverChatSettings =
  | { enabled: false }
  | { enabled: true; chat: ChatSettings; duty: DutyTemplate };

export function driverChatSettingsOf(env: Environment): DriverChatSettings {
  const config = loadConfig(driverChatSchema, env);
  if (!driverChatOn(config)) return { enabled: false };
  return {
    enabled: true,
    chat: chatSettingsOf(config),
    duty: { name: config.WHATSAPP_DUTY_TEMPLATE, language: config.WHATSAPP_DUTY_TEMPLATE_LANGUAGE },
  };
}
