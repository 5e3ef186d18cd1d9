// socket.io rooms, by name: with the Redis adapter a broadcast to a room reaches it on every server.
export const userRoom = (userId: string) => `user:${userId}`;
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;
