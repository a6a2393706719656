import { z } from 'zod';
import { apiUrl } from '../api-url.ts';
import type { ModelApiClient, ModelPrompt, PromptPart } from '../model-api-client.ts';

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
export const geminiGenerateClient: ModelApiClient<z.infer<typeof GenerateContentSchema>> = {
  name: 'Gemini generateContent',
  defaultBaseUrl: 'https://generativelanguage.googleapis.com',
  defaultKeyVariable: 'GEMINI_API_KEY',
  url: (baseUrl, model) => apiUrl(baseUrl, 'v1beta', `/models/${encodeURIComponent(model.replace(/^models\//, ''))}:generateContent`),
  headers: (apiKey): Record<string, string> => (apiKey ? { 'x-goog-api-key': apiKey } : {}),
  body: (_model, prompt) => generateContentBody(prompt),
  replySchema: GenerateContentSchema,
  read(result) {
    const blocked = result.promptFeedback?.blockReason;
    if (blocked) return { refused: `the prompt was blocked, blockReason ${blocked}` };
    const candidate = result.candidates?.[0];
    if (!candidate) return { refused: 'the reply has no candidates' };
    const finish = candidate.finishReason ?? null;
    if (finish !== null && WITHHELD.has(finish)) return { refused: `finishReason ${finish}` };
    const text = (candidate.content?.parts ?? [])
      .filter((part) => part.thought !== true)
      .map((part) => part.text ?? '')
      .join('');
    if (text.trim() === '' && finish !== 'MAX_TOKENS') return { refused: `an empty candidate, finishReason ${finish ?? 'absent'}` };
    const usage = result.usageMetadata;
    return {
      text,
      usage: { input: usage?.promptTokenCount ?? 0, output: (usage?.candidatesTokenCount ?? 0) + (usage?.thoughtsTokenCount ?? 0) },
      model: result.modelVersion ?? null,
      stopReason: finish,
    };
  },
};

function generateContentBody(prompt: ModelPrompt): Record<string, unknown> {
  return {
    ...(prompt.system !== '' ? { systemInstruction: { parts: [{ text: prompt.system }] } } : {}),
    contents: prompt.turns.map((turn) => ({ role: turn.role === 'assistant' ? 'model' : 'user', parts: turn.content.map(part) })),
    generationConfig: { maxOutputTokens: prompt.maxOutputTokens },
  };
}

function part(content: PromptPart): Record<string, unknown> {
  if (content.type === 'text') return { text: content.text };
  return { inlineData: { mimeType: content.mediaType, data: content.data.toString('base64') } };
}
