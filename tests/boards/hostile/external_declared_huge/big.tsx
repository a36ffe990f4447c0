 <tileset name="hacienda" tilewidth="32" tileheight="32" tilecount="8" columns="8">
  <image source="hacienda.png" width="256" height="99999999"/>
  <tile id="0"><properties><property name="space" value="mountain"/></properties></tile>
  <tile id="1"><properties><property name="space" value="forest"/></properties></tile>
  <tile id="2"><properties><property name="space" value="meadow"/></properties></tile>
  <tile id="3"><properties><property name="space" value="rock"/></properties></tile>
  <tile id="4"><properties><property name="space" value="moor"/></properties></tile>
  <tile id="5"><properties><property name="space" value="pampas"/></properties></tile>
  <tile id="6"><properties><property name="space" value="market"/></properties></tile>
  <tile id="7"><properties><property name="space" value="water"/></properties></tile>
 </tileset>
