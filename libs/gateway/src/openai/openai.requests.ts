import { CHAT_MESSAGE_MAX_LENGTH, type ChatHistoryItem, type SendChatTurnRequest } from '@membolt/contracts';
import type { ChatCompletionBody, OpenAiMessageBody } from './openai.dto.js';
import {
  instructionsTooLong,
  invalidMessage,
  lastMessageNotFromUser,
  unsupportedParameter,
} from './openai.errors.js';

const textOf = (message: OpenAiMessageBody): string =>
  typeof message.content === 'string' ? message.content : message.content.map((part) => part.text).join('\n');

/**
 * An OpenAI chat completion as one chat turn: the last message (the user's) is the turn's message, the user
 * and assistant messages before it its history, the system and developer messages its extra instructions, and
 * `user` its end user. The parameters that would change the answer's shape are refused, naming the parameter.
 */
export function toChatTurnRequest(body: ChatCompletionBody): SendChatTurnRequest {
  if (body.logprobs) throw unsupportedParameter('logprobs', 'log probabilities are not available');
  if (body.response_format && body.response_format.type !== 'text')
    throw unsupportedParameter('response_format', 'only {"type": "text"} is supported');

  const last = body.messages.length - 1;
  if (body.messages[last]?.role !== 'user') throw lastMessageNotFromUser();
  const instructions: string[] = [];
  const history: ChatHistoryItem[] = [];
  let message = '';
  body.messages.forEach((item, index) => {
    const text = textOf(item);
    switch (item.role) {
      case 'system':
      case 'developer':
        if (text.trim()) instructions.push(text);
        return;
      case 'user':
      case 'assistant':
        if (index === last) message = text;
        else history.push({ role: item.role, content: text });
        return;
    }
  });
  if (!message.trim()) throw invalidMessage(last, 'the user message is empty');
  const system = instructions.join('\n\n');
  if (system.length > CHAT_MESSAGE_MAX_LENGTH) throw instructionsTooLong(CHAT_MESSAGE_MAX_LENGTH);
  return {
    message,
    model: body.model,
    history,
    ...(system ? { system } : {}),
    ...(body.user !== undefined ? { endUserId: body.user } : {}),
  };
}
