import { z } from 'zod';
import type { JudgeConfig } from '../../../schemas/judge.ts';
import { readApiKey, type ApiKeySource } from './api-key.ts';
import { apiUrl } from './api-url.ts';
import { judgeLabel } from './judge-label.ts';
import type { JudgeCompletionRequest, JudgeContentPart, JudgeProvider } from './judge-provider.ts';
import { postProviderRequest } from './post-provider-request.ts';
import { parseProviderReply, refusedError } from './provider-reply.ts';

/** Finish reasons that mean a filter withheld the answer rather than the model finishing it. */
const WITHHELD = new Set(['SAFETY', 'RECITATION', 'BLOCKLIST', 'PROHIBITED_CONTENT', 'SPII', 'IMAGE_SAFETY', 'LANGUAGE']);

const GenerateContentSchema = z.looseObject({
  candidates: z
    .array(
      z.looseObject({
        content: z.looseObject({ parts: z.array(z.looseObject({ text: z.string().optional(), thought: z.boolean().optional() })).optional() }).nullish(),
        finishReason: z.string().nullish(),
      }),
    )
    .nullish(),
  promptFeedback: z.looseObject({ blockReason: z.string().nullish() }).nullish(),
  usageMetadata: z.looseObject({ promptTokenCount: z.number().nullish(), candidatesTokenCount: z.number().nullish(), thoughtsTokenCount: z.number().nullish() }).nullish(),
  modelVersion: z.string().nullish(),
});

/**
 * Gemini `generateContent` (`POST {baseUrl}/v1beta/models/{model}:generateContent`, key in
 * `x-goog-api-key` so it never sits in a URL). The system prompt is `systemInstruction`; images
 * are `inlineData` parts. Thinking models' thought parts are left out of the text but their
 * tokens count as output, as Gemini bills them.
 */
export function createGeminiGenerateProvider(config: JudgeConfig, apiKeys: ApiKeySource): JudgeProvider {
  const label = judgeLabel(config);
  const model = config.model.replace(/^models\//, '');
  const url = apiUrl(config.baseUrl, 'v1beta', `/models/${encodeURIComponent(model)}:generateContent`);
  return {
    async complete(request) {
      const apiKey = readApiKey(config, apiKeys);
      const reply = await postProviderRequest({
        label,
        model: config.model,
        apiKeyEnv: config.apiKeyEnv ?? null,
        url,
        headers: apiKey ? { 'x-goog-api-key': apiKey } : {},
        body: generateContentBody(request),
        signal: request.signal,
        apiKey,
      });
      const result = parseProviderReply(GenerateContentSchema, reply.body, label, 'Gemini generateContent');
      const blocked = result.promptFeedback?.blockReason;
      if (blocked) throw refusedError(label, `the prompt was blocked, blockReason ${blocked}`);
      const candidate = result.candidates?.[0];
      if (!candidate) throw refusedError(label, 'the reply has no candidates');
      const finish = candidate.finishReason ?? null;
      if (finish !== null && WITHHELD.has(finish)) throw refusedError(label, `finishReason ${finish}`);
      const text = (candidate.content?.parts ?? [])
        .filter((part) => part.thought !== true)
        .map((part) => part.text ?? '')
        .join('');
      if (text.trim() === '' && finish !== 'MAX_TOKENS') throw refusedError(label, `an empty candidate, finishReason ${finish ?? 'absent'}`);
      const usage = result.usageMetadata;
      return {
        text,
        usage: { input: usage?.promptTokenCount ?? 0, output: (usage?.candidatesTokenCount ?? 0) + (usage?.thoughtsTokenCount ?? 0) },
        model: result.modelVersion ?? null,
        stopReason: finish,
      };
    },
  };
}

function generateContentBody(request: JudgeCompletionRequest): Record<string, unknown> {
  return {
    ...(request.system !== '' ? { systemInstruction: { parts: [{ text: request.system }] } } : {}),
    contents: request.turns.map((turn) => ({ role: turn.role === 'assistant' ? 'model' : 'user', parts: turn.content.map(part) })),
    generationConfig: { maxOutputTokens: request.maxOutputTokens },
  };
}

function part(content: JudgeContentPart): Record<string, unknown> {
  if (content.type === 'text') return { text: content.text };
  return { inlineData: { mimeType: content.mediaType, data: content.data.toString('base64') } };
}
