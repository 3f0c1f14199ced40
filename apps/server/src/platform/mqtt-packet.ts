import mqttPacket from 'mqtt-packet';

// mqtt-packet (under both the MQTT client and the embedded broker) fills a cache of 65,536 two-byte
// buffers when it writes its first packet: about 80 ms of every start and several MiB, in each
// thread that speaks MQTT. Writing those two bytes when a packet needs them costs next to nothing.
mqttPacket.writeToStream.cacheNumbers = false;
