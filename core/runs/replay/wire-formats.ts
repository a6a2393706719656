import { anthropicMessagesFormat } from './anthropic-messages.ts';
import { geminiGenerateFormat } from './gemini-generate.ts';
import { openAiResponsesFormat } from './openai-responses.ts';
import type { WireFormat } from './wire-format.ts';

/** The model APIs the scripted server speaks: one server answers all three harnesses. */
export const ALL_WIRE_FORMATS: readonly WireFormat[] = [anthropicMessagesFormat, openAiResponsesFormat, geminiGenerateFormat];
